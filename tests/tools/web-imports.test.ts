import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: ROOT });

/** The import-rule messages ESLint gives `source` as if it were a web feature's api file. */
async function importProblems(source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, "web/src/features/users/api/probe.ts") });
  return result!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

// The first lint loads the config and the TypeScript parser: seconds on a busy machine.
describe("eslint.config.js: what the web app may import from the Worker", { timeout: 60_000 }, () => {
  it("allows type imports from the contract", async () => {
    expect(
      await importProblems('import type { Calls } from "../../../../../worker/src/contract";\nexport type C = Calls;\n'),
    ).toEqual([]);
  });

  it("refuses values from the contract: its code would enter the web bundle", async () => {
    expect(
      await importProblems('import { calls } from "../../../../../worker/src/contract";\nexport const c = calls;\n'),
    ).toEqual([expect.stringContaining("Only type imports from the contract")]);
  });

  it("refuses anything else of the Worker, types included", async () => {
    expect(
      await importProblems('import type { Ctx } from "../../../../../worker/src/http/context";\nexport type C = Ctx;\n'),
    ).toEqual([expect.stringContaining("only types of the Worker's contract")]);
  });
});
