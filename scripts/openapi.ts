import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { openApiDocument } from "../worker/src/contract/openapi";

/**
 * docs/openapi.json: the OpenAPI 3.1 document generated from worker/src/contract. The Worker serves
 * this file at GET /api/openapi.json; tests/tools/openapi.test.ts fails when it is stale. Run
 * `npm run openapi` after changing the contract.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
export const OPENAPI_FILE = path.join(ROOT, "docs/openapi.json");

export function currentDocument() {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  return openApiDocument(version);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = await resolveConfig(OPENAPI_FILE);
  writeFileSync(OPENAPI_FILE, await format(JSON.stringify(currentDocument()), { ...options, parser: "json" }));
  console.log(`wrote ${path.relative(ROOT, OPENAPI_FILE)}`);
}
