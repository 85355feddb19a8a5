/**
 * The `_headers` file of the built SPA (vite.config.ts): the headers Cloudflare gives the static files
 * it serves without running the Worker (wrangler.toml `run_worker_first` lists the paths that run it).
 * The security headers are the Worker's own (worker/src/http/headers.ts), so a page served either way
 * answers alike; hashed build files are cached for good.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { SECURITY_HEADERS } from "../worker/src/http/headers";

/** The `_headers` rules: every file gets the security headers, hashed assets a year's immutable cache. */
export function staticHeadersFile(): string {
  const security = Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
  return [
    "# Written by the build (scripts/static-headers.ts) from worker/src/http/headers.ts.",
    "/*",
    ...security,
    "/assets/*",
    "  Cache-Control: public, max-age=31536000, immutable",
    "",
  ].join("\n");
}

export function staticHeaders(): Plugin {
  return {
    name: "static-headers",
    apply: "build",
    writeBundle(options) {
      writeFileSync(path.join(options.dir!, "_headers"), staticHeadersFile());
    },
  };
}
