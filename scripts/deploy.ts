import { bin, run } from "./lib";

/**
 * npm run deploy: build the SPA, apply D1 migrations to the remote database, then deploy the PDF Worker
 * (the portal's PDF service binding names it) and the portal Worker.
 */
await run(bin("vite"), ["build"]);
await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--remote"], { env: { ...process.env, CI: "true" } });
await run(bin("wrangler"), ["deploy", "-c", "pdf/wrangler.toml"]);
await run(bin("wrangler"), ["deploy"]);
