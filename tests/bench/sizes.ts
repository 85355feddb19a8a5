import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { bin, OFFLINE_ENV, ROOT, run } from "../../scripts/lib";

/** One line of the bench table. */
export interface Figure {
  metric: string;
  value: number;
  unit: string;
  /** The budget, and whether the value must stay at most ("max") or at least ("min") it. */
  budget?: { limit: number; kind: "max" | "min" };
}

export const KB = 1024;
const gzipped = (file: string) => gzipSync(readFileSync(file)).byteLength;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Builds the SPA into `outDir` with a manifest (which chunks import which), never into dist/. */
export async function buildWeb(outDir: string): Promise<Manifest> {
  await run(bin("vite"), ["build", "--outDir", outDir, "--emptyOutDir", "--manifest", "--logLevel", "warn"]);
  return JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
}

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function withStaticImports(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) withStaticImports(manifest, dep, seen);
  return seen;
}

/**
 * Gzipped sizes of the first load of /login (entry, its static imports, the login page chunk with its
 * static imports, and the English locale files of "common" and "auth"), and of every route chunk.
 */
export function webFigures(manifest: Manifest, outDir: string): { figures: Figure[]; notes: string[] } {
  const keyOf = (pattern: RegExp, what: string) => {
    const key = Object.keys(manifest).find((k) => pattern.test(k));
    if (!key) throw new Error(`the build has no ${what} (${pattern})`);
    return key;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error("the build has no entry chunk");
  const login = keyOf(/features\/auth\/pages\/LoginPage\.tsx$/, "login page chunk");
  const locales = [
    keyOf(/i18n\/locales\/en\.json$/, "common English locale"),
    keyOf(/features\/auth\/locales\/en\.json$/, "auth English locale"),
  ];

  const first = new Set<string>();
  for (const key of [entry, login, ...locales]) for (const k of withStaticImports(manifest, key)) first.add(k);
  const files = (kind: "js" | "css") =>
    [
      ...new Set(
        [...first]
          .flatMap((k) => (kind === "js" ? [manifest[k]!.file] : (manifest[k]!.css ?? [])))
          .filter((f) => f.endsWith(`.${kind}`)),
      ),
    ].map((f) => path.join(outDir, f));
  const sum = (list: string[]) => list.reduce((total, f) => total + gzipped(f), 0);

  const figures: Figure[] = [
    {
      metric: "first load of /login: JS (gzipped)",
      value: sum(files("js")) / KB,
      unit: "kB",
      budget: { limit: 110, kind: "max" },
    },
    {
      metric: "first load of /login: CSS (gzipped)",
      value: sum(files("css")) / KB,
      unit: "kB",
      budget: { limit: 30, kind: "max" },
    },
  ];
  // Route chunks: the lazily loaded pages (dynamic entries from a features/*/pages folder).
  const pages = Object.entries(manifest).filter(([k, c]) => c.isDynamicEntry && /\/pages\//.test(k));
  const sized = pages
    .map(([key, chunk]) => ({ name: key.replace(/^.*features\//, ""), size: gzipped(path.join(outDir, chunk.file)) }))
    .sort((a, b) => b.size - a.size);
  for (const { name, size } of sized) {
    figures.push({ metric: `route chunk ${name}`, value: size / KB, unit: "kB", budget: { limit: 60, kind: "max" } });
  }
  const notes = [
    `first load of /login: ${files("js").length} JS files, ${files("css").length} CSS files; ${pages.length} route chunks`,
  ];
  return { figures, notes };
}

/** The Worker as `wrangler deploy --dry-run` bundles it, gzipped (every module it would upload). */
export async function workerFigure(outDir: string): Promise<Figure> {
  await run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outDir], {
    env: { ...process.env, ...OFFLINE_ENV, CI: "true" },
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const modules = readdirSync(outDir, { recursive: true })
    .map((f) => path.join(outDir, String(f)))
    .filter((f) => statSync(f).isFile() && /\.(m?js|wasm)$/.test(f));
  const size = modules.reduce((total, f) => total + gzipped(f), 0);
  return { metric: "Worker bundle (gzipped)", value: size / KB, unit: "kB", budget: { limit: 250, kind: "max" } };
}
