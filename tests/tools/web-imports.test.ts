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

/** The one-way-import messages ESLint gives `source` as if it were the file `file` (a path under web/src). */
async function layerProblems(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, "web/src", file) });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("eslint.config.js: web imports run app → features → shared", { timeout: 60_000 }, () => {
  it("refuses a feature importing the shell (app/, its layouts included)", async () => {
    expect(
      await layerProblems(
        "features/users/pages/Probe.tsx",
        'import { appRoutes } from "../../../app/registry";\nexport const r = appRoutes;\n',
      ),
    ).toEqual([expect.stringContaining("Features do not import the shell")]);
    expect(
      await layerProblems(
        "features/users/Probe.tsx",
        'import { Navbar } from "../../app/layouts/Navbar";\nexport const n = Navbar;\n',
      ),
    ).toEqual([expect.stringContaining("Features do not import the shell")]);
  });

  it("refuses a feature importing another feature", async () => {
    expect(
      await layerProblems("features/users/api/probe.ts", 'import { routes } from "../../roles";\nexport const r = routes;\n'),
    ).toEqual([expect.stringContaining("Features do not import each other")]);
  });

  it("lets a feature import the shared providers, lib and components", async () => {
    expect(
      await layerProblems(
        "features/users/pages/Probe.tsx",
        [
          'import { useSession } from "../../../providers/session";',
          'import { CART_KEY } from "../../../lib/cart";',
          'import { Pager } from "../../../components/Pager";',
          "export const all = [useSession, CART_KEY, Pager];",
          "",
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("refuses shared code importing the shell or a feature", async () => {
    expect(
      await layerProblems("providers/probe.ts", 'import { navItems } from "../app/registry";\nexport const n = navItems;\n'),
    ).toEqual([expect.stringContaining("imports neither the shell nor a feature")]);
    expect(
      await layerProblems("components/Probe.tsx", 'import { routes } from "../features/users";\nexport const r = routes;\n'),
    ).toEqual([expect.stringContaining("imports neither the shell nor a feature")]);
  });

  it("refuses lib/ importing components/ or hooks/, and still the shell", async () => {
    expect(
      await layerProblems(
        "lib/probe.ts",
        'import { useSnackbar } from "../components/Snackbar";\nexport const s = useSnackbar;\n',
      ),
    ).toEqual([expect.stringContaining("web/src/lib/ imports neither components/ nor hooks/")]);
    expect(
      await layerProblems(
        "lib/probe.ts",
        'import { useFocusTrap } from "../hooks/useFocusTrap";\nexport const f = useFocusTrap;\n',
      ),
    ).toEqual([expect.stringContaining("web/src/lib/ imports neither components/ nor hooks/")]);
    expect(
      await layerProblems("lib/probe.ts", 'import { navItems } from "../app/registry";\nexport const n = navItems;\n'),
    ).toEqual([expect.stringContaining("imports neither the shell nor a feature")]);
  });

  it("lets lib/ import lib/ and i18n/, and components/ and hooks/ import lib/", async () => {
    expect(
      await layerProblems(
        "lib/probe.ts",
        'import { useNotify } from "./snackbar";\nimport i18n from "../i18n";\nexport const all = [useNotify, i18n];\n',
      ),
    ).toEqual([]);
    expect(
      await layerProblems(
        "hooks/probe.ts",
        'import { useSnackbar } from "../lib/snackbar";\nimport { useConfirm } from "../components/ConfirmDialog";\nexport const all = [useSnackbar, useConfirm];\n',
      ),
    ).toEqual([]);
  });

  it("refuses hooks/ (shared code) importing the shell", async () => {
    expect(
      await layerProblems("hooks/probe.ts", 'import { Navbar } from "../app/layouts/Navbar";\nexport const n = Navbar;\n'),
    ).toEqual([expect.stringContaining("imports neither the shell nor a feature")]);
  });

  it("lets the shell import features and shared code", async () => {
    expect(
      await layerProblems(
        "app/probe.ts",
        'import * as users from "../features/users";\nimport { useSession } from "../providers/session";\nexport const all = [users, useSession];\n',
      ),
    ).toEqual([]);
  });
});
