import { DEMO_CLIENT } from "./seed-data";
import { bin, ensureDevVars, migrateLocal, run } from "./lib";
import { seedLocal } from "./platform";

/** npm start: build the SPA, migrate and seed the local D1, then serve everything with wrangler dev. */
const port = process.env.PORT || "8787";
ensureDevVars();
await run(bin("vite"), ["build", "--logLevel", "warn"]);
await migrateLocal();
const seeded = await seedLocal();

const line = "─".repeat(64);
console.log(`\n${line}`);
console.log(`  Edge Portal on http://localhost:${port}`);
console.log(
  `  Admin:  ${seeded.admin.email}  /  ${seeded.adminCreated ? seeded.admin.password : `${seeded.admin.password} (if unchanged since the first start)`}`,
);
console.log(`  Client: ${DEMO_CLIENT.email}  /  ${DEMO_CLIENT.password}`);
console.log(`${line}\n`);

console.log(`  Run the cron by hand: curl "http://localhost:${port}/__scheduled?cron=*/5+*+*+*+*"  (or cron=30+3+*+*+*)\n`);

// The portal and the PDF Worker behind its PDF service binding (pdf/), in one wrangler dev.
// --test-scheduled: `/__scheduled?cron=…` runs that schedule. Wrangler's own /cdn-cgi/handler/scheduled cannot
// reach a Worker behind static assets (it answers 500 "exception"); see README "Running the cron by hand".
await run(bin("wrangler"), [
  "dev",
  "-c",
  "wrangler.toml",
  "-c",
  "pdf/wrangler.toml",
  "--port",
  port,
  "--show-interactive-dev-session=false",
  "--test-scheduled",
  // A local receiver may take webhooks (http://127.0.0.1:<port>); deployed, only public https addresses.
  "--var",
  "WEBHOOK_ALLOW_LOOPBACK:true",
]);
