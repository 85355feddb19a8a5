import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { webhookReceiver } from "../../scripts/agent-example";
import { signatureHeader } from "../../worker/src/domain/webhooks/signature";

/** The agent example's receiver mode (issue 42 item 3): it wakes on job.queued, once per event, signed only. */

const SECRET = "whsec_agent_test";
const servers: Array<{ close: () => void }> = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function start() {
  const woken: string[] = [];
  const server = webhookReceiver(SECRET, async (uniqueId) => void woken.push(uniqueId));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const post = async (body: string, header: string) =>
    (await fetch(url, { method: "POST", headers: { "x-portal-signature": header }, body })).status;
  return { woken, post };
}

const event = (id: string, type = "job.queued") =>
  JSON.stringify({ id, type, createdAt: new Date().toISOString(), data: { uniqueId: `job-${id}`, status: 0 } });
const now = () => Math.floor(Date.now() / 1000);

describe("the agent's webhook receiver", () => {
  it("claims once per signed job.queued event, and refuses forged or stale ones", async () => {
    const { woken, post } = await start();
    const body = event("evt_1");
    const header = await signatureHeader(SECRET, body, now());
    expect(await post(body, header)).toBe(200);
    // The portal's retry of the same event, or a replay within the window: answered, not handled again.
    expect(await post(body, header)).toBe(200);
    expect(await post(event("evt_1").replace("job-evt_1", "job-other"), header)).toBe(400);
    expect(await post(body, await signatureHeader("whsec_wrong", body, now()))).toBe(400);
    const old = event("evt_2");
    expect(await post(old, await signatureHeader(SECRET, old, now() - 600))).toBe(400);
    const finished = event("evt_3", "job.finished");
    expect(await post(finished, await signatureHeader(SECRET, finished, now()))).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(woken).toEqual(["job-evt_1"]);
  });
});
