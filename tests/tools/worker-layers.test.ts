import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The Worker's layers are an ESLint rule (eslint.config.js, docs/decisions/0006-worker-layers.md): this lints
 * one import at a time, as if it were written in a file of each folder, through the project's own config.
 */

const eslint = new ESLint();

// The first lint loads the config, its plugins and the TypeScript parser: seconds on a busy machine.
beforeAll(async () => {
  await eslint.lintText("", { filePath: "worker/src/db/probe.ts" });
}, 120_000);

/** The no-restricted-imports messages of a file at `filePath` made of one import of `source`. */
async function refusals(filePath: string, source: string): Promise<string[]> {
  const code = `import { probe } from "${source}";\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

/** [file, an import going up or sideways it must refuse, an import it may make]. */
const CASES: Array<[file: string, refused: string, allowed: string]> = [
  ["worker/src/errors/probe.ts", "../db", "../messages"],
  ["worker/src/messages/probe.ts", "../http/respond", "../errors/language"],
  ["worker/src/db/probe.ts", "../auth/session", "../errors"],
  ["worker/src/db/probe.ts", "../domain/storage/files", "./schema"],
  ["worker/src/auth/probe.ts", "../http/context", "../db"],
  ["worker/src/auth/probe.ts", "../domain/audit", "../errors"],
  ["worker/src/domain/probe.ts", "../http/context", "../auth/ability"],
  ["worker/src/domain/payments/probe.ts", "../../http/context", "../../db"],
  ["worker/src/domain/jobs/probe.ts", "../../routes/history", "../outbox/queue"],
  ["worker/src/http/probe.ts", "../routes", "../auth/session"],
  ["worker/src/http/probe.ts", "../domain/audit", "../errors"],
  ["worker/src/routes/probe.ts", "./sites", "../domain/audit"],
  ["worker/src/routes/probe.ts", "../routes/sites", "../http/respond"],
  ["worker/src/contract/probe.ts", "../errors", "zod"],
  ["worker/src/contract/probe.ts", "kysely", "./calls"],
  ["worker/src/contract/calls/probe.ts", "../../db/schema", "../fields"],
];

describe("the Worker's layers are held by lint", () => {
  it.each(CASES)("%s may not import %s, may import %s", async (file, refused, allowed) => {
    const [message, ...more] = await refusals(file, refused);
    expect(more).toEqual([]);
    expect(message).toMatch(/docs\/decisions\/0006-worker-layers\.md|no other route file/);
    expect(await refusals(file, allowed)).toEqual([]);
  });

  it.each(["errors", "db", "auth", "domain", "http", "routes"])("%s/ may import contract/", async (folder) => {
    expect(await refusals(`worker/src/${folder}/probe.ts`, "../contract/calls")).toEqual([]);
  });

  it("lets the route table and the entry points import every layer", async () => {
    expect(await refusals("worker/src/routes/index.ts", "./sites")).toEqual([]);
    expect(await refusals("worker/src/index.ts", "./routes")).toEqual([]);
    expect(await refusals("worker/src/cron.ts", "./domain/jobs/claims")).toEqual([]);
  });
});

describe("audit rows are written one way", () => {
  /** The no-restricted-syntax messages of `code` written in a route file. */
  async function refused(code: string, filePath = "worker/src/routes/probe.ts"): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
  }

  it.each([
    ['export const row = (db: any) => db.insertInto("audit_log").values({ action: "x" });'],
    ['export const row = (d1: any) => d1.prepare("INSERT INTO audit_log (action) VALUES (?1)");'],
    ["export const row = (d1: any) => d1.prepare(`insert into  audit_log (action)\n SELECT ?1 WHERE changes() = 1`);"],
  ])("refuses another way: %s", async (code) => {
    expect(await refused(code)).toEqual(["Audit rows are written by audit() of worker/src/domain/audit.ts only."]);
  });

  it("lets domain/audit.ts write them, and anyone read them", async () => {
    expect(await refused('export const row = (db: any) => db.insertInto("audit_log");', "worker/src/domain/audit.ts")).toEqual(
      [],
    );
    expect(await refused('export const rows = (db: any) => db.selectFrom("audit_log").selectAll();')).toEqual([]);
  });
});

describe("zod is imported as a namespace in the Worker", () => {
  /** The rule's messages for a file at `filePath` made of `code`. */
  const zodRefusals = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.message.includes("locales")).map((m) => m.message);
  };

  it("refuses `import { z }` (esbuild then bundles all of zod's locales), allows `* as z` and a type import", async () => {
    const use = "export const text = z.string();\n";
    expect(await zodRefusals("worker/src/contract/probe.ts", `import { z } from "zod";\n${use}`)).toHaveLength(1);
    expect(await zodRefusals("worker/src/domain/probe.ts", `import { z } from "zod";\n${use}`)).toHaveLength(1);
    expect(await zodRefusals("worker/src/contract/probe.ts", `import * as z from "zod";\n${use}`)).toEqual([]);
    expect(
      await zodRefusals("worker/src/domain/probe.ts", `import type { z } from "zod";\nexport type Text = z.ZodString;\n`),
    ).toEqual([]);
  });
});
