import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { SCHEDULES } from "../../worker/src/schedules";

describe("cron schedules", () => {
  it("wrangler.toml fires exactly the schedules the Worker's tasks name", () => {
    const config = unstable_readConfig({ config: path.join(import.meta.dirname, "../../wrangler.toml") });
    expect([...config.triggers.crons].sort()).toEqual(Object.values(SCHEDULES).sort());
  });
});
