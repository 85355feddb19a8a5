import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { bin, OFFLINE_ENV, ROOT, run } from "../../scripts/lib";

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
export function webSizes(manifest: Manifest, outDir: string) {
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
  // Route chunks: the lazily loaded pages (dynamic entries from a features/*/pages folder), each with the
  // files it imports statically beyond the entry's: what opening the page downloads (a library caught in a
  // shared file, as TipTap once was in the kit, counts against every page that imports the file).
  const entryFiles = new Set([...withStaticImports(manifest, entry)].map((k) => manifest[k]!.file));
  const pages = Object.entries(manifest).filter(([k, c]) => c.isDynamicEntry && /\/pages\//.test(k));
  const pageKb = (key: string) => {
    const own = new Set([...withStaticImports(manifest, key)].map((k) => manifest[k]!.file));
    return sum([...own].filter((f) => f.endsWith(".js") && !entryFiles.has(f)).map((f) => path.join(outDir, f))) / KB;
  };
  const routeChunksKb = Object.fromEntries(pages.map(([key]) => [key.replace(/^.*features\//, ""), pageKb(key)]));
  return {
    loginJsKb: sum(files("js")) / KB,
    loginCssKb: sum(files("css")) / KB,
    routeChunksKb,
    note: `first load of /login: ${files("js").length} JS files, ${files("css").length} CSS files; ${pages.length} route chunks`,
  };
}

/**
 * Bundles a Worker as `wrangler deploy` would upload it (minified, every module) into `outDir`;
 * returns the folder and its main module (named after the config's `main`). Unminified for profiles.
 */
export async function bundleWorker(
  outDir: string,
  configPath = "wrangler.toml",
  opts: { minify?: boolean } = {},
): Promise<{ dir: string; main: string }> {
  const minify = opts.minify === false ? ["--minify=false"] : [];
  // wrangler refuses a config whose assets folder is missing (a fresh clone has no dist/ before `npm start`);
  // the bundle does not hold the assets, so an empty folder serves.
  mkdirSync(path.join(ROOT, "dist", "client"), { recursive: true });
  await run(bin("wrangler"), ["deploy", "--dry-run", "-c", configPath, "--outdir", outDir, ...minify], {
    env: { ...process.env, ...OFFLINE_ENV, CI: "true" },
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const main = readdirSync(outDir).filter((f) => f.endsWith(".js"));
  if (main.length !== 1) throw new Error(`expected one main module in ${outDir}, found ${main.join(", ") || "none"}`);
  return { dir: outDir, main: path.join(outDir, main[0]!) };
}

/** The gzipped size of a bundle of `bundleWorker`, in kB. */
export function workerKb(outDir: string): number {
  const modules = readdirSync(outDir, { recursive: true })
    .map((f) => path.join(outDir, String(f)))
    .filter((f) => statSync(f).isFile() && /\.(m?js|wasm)$/.test(f));
  const size = modules.reduce((total, f) => total + gzipped(f), 0);
  return size / KB;
}
