import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { getDb } from "../../worker/src/db";
import type { StatementTemplate, TemplateValues } from "../../worker/src/db/templates";

/**
 * Asserts that every request's template parts (worker/src/db/templates.ts) equal its direct build, in
 * two orders of first use, so each template is made by one request and bound for the others.
 */
export function expectTemplateMatches<V extends TemplateValues<V>>(
  template: StatementTemplate<V>,
  requests: ReadonlyArray<{ values: V; shape?: string }>,
) {
  const db = getDb(env.DB);
  expect(requests.length).toBeGreaterThan(1);
  for (const order of [requests, [...requests].reverse()]) {
    for (const { values, shape } of order) {
      expect(template.parts(db, values, shape)).toEqual(template.direct(db, values, shape));
    }
  }
}
