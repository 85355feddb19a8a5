import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callList } from "../../worker/src/contract";
import { currentDocument } from "../../scripts/openapi";

describe("the OpenAPI document", () => {
  const committed = currentDocument();

  it("is what `npm run openapi` writes: the document the Worker serves (tests/worker/openapi.test.ts)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openapi-"));
    try {
      const file = path.join(dir, "openapi.json");
      execFileSync("npm", ["run", "--silent", "openapi", "--", file], { cwd: path.resolve(import.meta.dirname, "../..") });
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(committed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("documents every call of the contract as POST /api/<name>, with its access, body and answer", () => {
    for (const call of callList) {
      const operation = (committed.paths[`/api/${call.name}`] as { post?: Record<string, unknown> } | undefined)?.post;
      expect(operation, call.name).toBeDefined();
      expect(operation!["x-access"], call.name).toEqual(
        typeof call.access === "string" ? call.access : { action: call.access[0], subject: call.access[1] },
      );
      expect(operation!.requestBody, call.name).toBeDefined();
      expect((operation!.responses as Record<string, unknown>)["200"], call.name).toBeDefined();
    }
  });

  it("sends uploads as multipart files and states the error shape", () => {
    const schemas = committed.components.schemas as Record<string, { properties?: Record<string, { format?: string }> }>;
    const submit = committed.paths["/api/submit-job"] as { post: { requestBody: { content: Record<string, unknown> } } };
    expect(Object.keys(submit.post.requestBody.content)).toEqual(["multipart/form-data"]);
    expect(schemas["submit-job.input"]!.properties!.file!.format).toBe("binary");
    expect(Object.keys(schemas.Error!.properties!)).toEqual(["error", "code", "field", "reason"]);
  });

  it("bounds every text a call takes (issue 28: a limit checked before any query)", () => {
    type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };
    const unbounded: string[] = [];
    const walk = (schema: Schema | undefined, path: string) => {
      if (!schema || typeof schema !== "object" || "$ref" in schema) return;
      const bounded =
        schema.maxLength !== undefined || schema.enum !== undefined || schema.const !== undefined || schema.format === "binary";
      // A pattern without + or * bounds its text too (a date's \d{4}-\d{2}-\d{2}).
      const boundedPattern = typeof schema.pattern === "string" && !/[+*]|\{\d+,\}/.test(schema.pattern);
      if (schema.type === "string" && !bounded && !boundedPattern) unbounded.push(path);
      for (const [name, inner] of Object.entries(schema.properties ?? {})) walk(inner, `${path}.${name}`);
      for (const key of ["anyOf", "oneOf", "allOf"] as const) {
        (schema[key] as Schema[] | undefined)?.forEach((inner, i) => walk(inner, `${path}|${i}`));
      }
      walk(schema.items, `${path}[]`);
    };
    const schemas = committed.components.schemas as Record<string, Schema>;
    for (const [id, schema] of Object.entries(schemas)) if (id.endsWith(".input")) walk(schema, id);
    expect(unbounded).toEqual([]);
  });
});
