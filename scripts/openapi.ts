import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { openApiDocument } from "../worker/src/contract/openapi";

/**
 * docs/openapi.json (not committed): the OpenAPI 3.1 document of worker/src/contract, the one the Worker
 * makes and serves at GET /api/openapi.json, written to a file for tools that want one (`npm run openapi`,
 * or `npm run openapi -- <file>`).
 */
const ROOT = path.resolve(import.meta.dirname, "..");
export const OPENAPI_FILE = path.join(ROOT, "docs/openapi.json");

export function currentDocument() {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  return openApiDocument(version);
}

/** Writes the document to `file`, formatted as the repository's JSON is. */
export async function writeDocument(file: string): Promise<void> {
  const options = await resolveConfig(OPENAPI_FILE);
  writeFileSync(file, await format(JSON.stringify(currentDocument()), { ...options, parser: "json" }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.resolve(process.argv[2] ?? OPENAPI_FILE);
  await writeDocument(file);
  console.log(`wrote ${path.relative(ROOT, file)}`);
}
