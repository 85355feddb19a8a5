import { execFile, execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A feature is its folders (issue 38, docs/adding-a-feature.md): a throwaway "memos" feature — a list
 * call with one filter, its page and locales, tests/fixtures/add-a-feature/ — is added to a copy of the
 * repository's tracked files. It must touch no file that exists, only its own files, one migration and its
 * locale files; and the copy then typechecks and passes the feature's worker and web tests (the call
 * lists by its filter and refuses a client; the web registry routes to the page) and the permission matrix.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "tests/fixtures/add-a-feature");
const run = promisify(execFile);

/** The files a feature may add: its own per layer, its tests, one migration, its web folder (with its locales). */
const FEATURE_FILES = [
  /^migrations\/\d{4}_memos\.sql$/,
  /^worker\/src\/contract\/memos\.ts$/,
  /^worker\/src\/db\/tables\/memos\.ts$/,
  /^worker\/src\/domain\/memos\/[\w.]+\.ts$/,
  /^worker\/src\/routes\/memos\.ts$/,
  /^worker\/src\/messages\/memos\/(en|fr|ar)\.ts$/,
  /^tests\/worker\/access\/memos\.ts$/,
  /^tests\/worker\/memos\.test\.ts$/,
  /^tests\/web\/memos\.test\.tsx$/,
  /^web\/src\/features\/memos\/[\w/.]+$/,
];

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(prefix, entry.name);
    return entry.isDirectory() ? filesUnder(dir, file) : [file];
  });
}

/** The environment of a command run in the copy: this vitest's own variables left out. */
const childEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")));
const inCopy = (copy: string, command: string, args: string[]) =>
  run(command, args, { cwd: copy, env: childEnv, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      throw new Error(`${command} ${args.join(" ")} failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
    },
  );
const git = (copy: string, ...args: string[]) => execFileSync("git", args, { cwd: copy, encoding: "utf8" });

describe("adding a feature", () => {
  let copy = "";

  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), "add-a-feature-"));
    const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
    for (const file of tracked) {
      if (!existsSync(path.join(ROOT, file))) continue;
      mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      cpSync(path.join(ROOT, file), path.join(copy, file), { preserveTimestamps: true });
    }
    symlinkSync(realpathSync(path.join(ROOT, "node_modules")), path.join(copy, "node_modules"));
    for (const types of ["worker/worker-configuration.d.ts", "pdf/worker-configuration.d.ts"]) {
      if (existsSync(path.join(ROOT, types))) cpSync(path.join(ROOT, types), path.join(copy, types));
    }
    // The PDF Worker the worker tests bind, bundled already: the copy's sources keep their times, so it is reused.
    const pdfBuild = path.join(ROOT, ".wrangler/pdf-test-build");
    if (existsSync(pdfBuild))
      cpSync(pdfBuild, path.join(copy, ".wrangler/pdf-test-build"), { recursive: true, preserveTimestamps: true });
    git(copy, "init", "-q");
    git(copy, "add", "-A");
    git(copy, "-c", "user.name=test", "-c", "user.email=test@example.test", "commit", "-qm", "before the feature");

    const next = Math.max(...readdirSync(path.join(copy, "migrations")).map((name) => Number(name.slice(0, 4)) || 0)) + 1;
    for (const file of filesUnder(FIXTURE)) {
      const target = file === "migrations/memos.sql" ? `migrations/${String(next).padStart(4, "0")}_memos.sql` : file;
      mkdirSync(path.dirname(path.join(copy, target)), { recursive: true });
      cpSync(path.join(FIXTURE, file), path.join(copy, target));
    }
  }, 120_000);

  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  }, 60_000);

  it("adds only the feature's own files, one migration and its locale files, and edits none", () => {
    const status = git(copy, "status", "--porcelain", "--untracked-files=all").trim().split("\n");
    const added = status.filter((line) => line.startsWith("?? ")).map((line) => line.slice(3));
    expect(
      status.filter((line) => !line.startsWith("?? ")),
      "files edited",
    ).toEqual([]);
    expect(
      added.filter((file) => !FEATURE_FILES.some((pattern) => pattern.test(file))),
      "files outside the feature",
    ).toEqual([]);
    expect(added.filter((file) => file.startsWith("migrations/"))).toHaveLength(1);
    expect(added.filter((file) => /\/locales\/(en|fr|ar)\.json$/.test(file))).toHaveLength(3);
  });

  it("typechecks, and its worker and web tests and the permission matrix pass", async () => {
    // The collected indexes, as `npm run types` writes them (the bindings' types come from wrangler.toml, unchanged).
    await inCopy(copy, path.join(copy, "node_modules/.bin/tsx"), ["scripts/features.ts"]);
    // The subject the feature's contract declares joined the CASL subjects of the Worker and of the web.
    expect(readFileSync(path.join(copy, "worker/src/contract/subjects.gen.ts"), "utf8")).toContain('"Memo"');
    expect(readFileSync(path.join(copy, "web/src/lib/subjects.gen.ts"), "utf8")).toContain('{ subject: "Memo", ns: "memos" }');
    const tsc = path.join(copy, "node_modules/.bin/tsc");
    const vitest = path.join(copy, "node_modules/.bin/vitest");
    const [, , worker, web] = await Promise.all([
      inCopy(copy, tsc, ["-p", "worker/tsconfig.json"]),
      inCopy(copy, tsc, ["-p", "web/tsconfig.json"]),
      inCopy(copy, vitest, [
        "run",
        "--reporter=verbose",
        "--project",
        "worker",
        "tests/worker/memos.test.ts",
        "tests/worker/permission-matrix.test.ts",
      ]),
      inCopy(copy, vitest, ["run", "--reporter=verbose", "--project", "web", "tests/web/memos.test.tsx"]),
    ]);
    expect(worker.stdout).toContain("refuses a client");
    expect(worker.stdout).toContain("search-memo answers each principal as declared");
    expect(worker.stdout).not.toMatch(/\d+ failed/);
    expect(web.stdout).toContain("is in the route table and the menu without any central edit");
    expect(web.stdout).not.toMatch(/\d+ failed/);
  }, 300_000);
});
