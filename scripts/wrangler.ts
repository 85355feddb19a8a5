import { bin, run } from "./lib";

/** Runs wrangler with the offline settings, e.g. `tsx scripts/wrangler.ts d1 migrations list DB --local`. */
await run(bin("wrangler"), process.argv.slice(2), { env: { ...process.env, CI: "true" } });
