import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../worker/src/contract/admin";
import ar from "../../web/src/features/audit/locales/ar.json";
import en from "../../web/src/features/audit/locales/en.json";
import fr from "../../web/src/features/audit/locales/fr.json";
import AuditPage from "../../web/src/features/audit/pages/AuditPage";
import { inArabic, listOf, mockApi, renderAt, setupPageTests, signInAsAdmin } from "./page-support";

/** The catalogue's words for `code`: a dotted code ("job.done") is a nested key, as i18next reads it. */
function wordsFor(catalogue: { actionName: object }, code: string): unknown {
  return code
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue.actionName);
}

const entry = (auditId: number, action: string) => ({
  auditId,
  actorId: 1,
  actorEmail: "admin@example.test",
  action,
  subject: "History",
  subjectId: String(auditId),
  outcome: "ok",
  detail: {},
  ip: "203.0.113.1",
  createdAt: "2026-01-02T00:00:00.000Z",
});

setupPageTests({ audit: en });

describe("audit actions in words", () => {
  it.each([
    ["en", en],
    ["fr", fr],
    ["ar", ar],
  ] as const)("every action an audit row can name has words in %s", (_language, catalogue) => {
    const missing = AUDIT_ACTIONS.filter((code) => {
      const words = wordsFor(catalogue, code);
      return typeof words !== "string" || words.trim() === "" || words === code;
    });
    expect(missing).toEqual([]);
  });
});

describe("audit log in Arabic", () => {
  inArabic({ audit: ar });

  it("shows each action in Arabic, its code kept in the title", async () => {
    signInAsAdmin();
    mockApi({ "search-audit": listOf([entry(1, "job.done"), entry(2, "login")]) });
    renderAt("/apps/audit-log", AuditPage);
    const done = await screen.findByText(ar.actionName.job.done);
    expect(done.getAttribute("title")).toBe("job.done");
    expect(screen.getByText(ar.actionName.login).getAttribute("title")).toBe("login");
    expect(screen.queryByText("job.done")).toBeNull();
    expect(screen.queryByText("login")).toBeNull();
  });
});
