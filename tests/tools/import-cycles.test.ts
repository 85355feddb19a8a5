import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

/**
 * No module of worker/src or web/src imports itself through others: a circle (lines.ts ↔ tax.ts was one)
 * means neither file can be read, moved or tested alone, and a value import in one can be undefined when
 * the other runs first. Type-only imports count too: they tie the files together all the same.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The .ts and .tsx files under `dir` (declarations left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** The file a relative specifier of `from` names, as the bundler resolves it, or null (a package, or outside). */
function resolveImport(from: string, specifier: string, files: Set<string>): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** Every file under `dir` and the files of `dir` it imports (static, type-only, re-exports and import()). */
function importGraph(dir: string): Map<string, string[]> {
  const files = sourceFiles(dir);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      const targets = importedFiles.map((i) => resolveImport(file, i.fileName, known));
      return [file, [...new Set(targets.filter((t): t is string => t !== null))]];
    }),
  );
}

/** The circles of a graph: its strongly connected components of two or more files, or of one importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The circles under `dir` (a folder of the repository), as paths from it. */
const circlesUnder = (dir: string) =>
  cycles(importGraph(dir)).map((component) => component.map((file) => path.relative(dir, file)));

describe("import circles", () => {
  it("worker/src has none", () => {
    expect(circlesUnder(path.join(ROOT, "worker/src"))).toEqual([]);
  });

  it("web/src has none", () => {
    expect(circlesUnder(path.join(ROOT, "web/src"))).toEqual([]);
  });

  describe("the check itself", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "import-cycles-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);

    it("finds a circle closed by a type-only import, and leaves a one-way chain alone", () => {
      write("lines.ts", 'import { parseTax } from "./tax";\nexport const lines = parseTax;\n');
      write("tax.ts", 'import type { Line } from "./lines";\nexport const parseTax = (l: Line) => l;\n');
      write("view.tsx", 'import { lines } from "./lines";\nexport const view = lines;\n');
      expect(circlesUnder(dir)).toEqual([["lines.ts", "tax.ts"]]);
    });

    it("finds a circle through an index file and a re-export", () => {
      write("tax.ts", "export const parseTax = 1;\n");
      rmSync(path.join(dir, "view.tsx"));
      write("index.ts", 'export { lines } from "./lines";\n');
      write("lines.ts", 'import { parseTax } from ".";\nexport const lines = parseTax;\n');
      expect(circlesUnder(dir)).toEqual([["index.ts", "lines.ts"]]);
    });
  });
});
