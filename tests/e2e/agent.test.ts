import { describe, expect, it } from "vitest";
import type { Calls, JsonCallName } from "../../worker/src/contract";
import { PortalAgent, repeatedLines, runOnce } from "../../scripts/agent-example";
import { ADMIN, baseUrl, CLIENT } from "./browser";

/** A call as a signed-in browser makes it, JSON or multipart; the answer as the contract types it. */
async function as<N extends JsonCallName>(
  cookie: string,
  name: N,
  body: Calls[N]["input"] | FormData,
): Promise<Calls[N]["answer"]> {
  const form = body instanceof FormData;
  const response = await fetch(`${baseUrl()}/api/${name}`, {
    method: "POST",
    headers: { cookie, ...(form ? {} : { "content-type": "application/json" }) },
    body: form ? body : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(answer)}`);
  return answer as Calls[N]["answer"];
}

/** Signs in by the API, waiting out the address's slow-down (decision 0014) as the browser helpers do. */
async function signIn(who: { email: string; password: string }): Promise<string> {
  let response: Response;
  for (let tries = 1; ; tries++) {
    response = await fetch(`${baseUrl()}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(who),
    });
    if (response.status !== 429 || tries === 3) break;
    await new Promise((done) => setTimeout(done, (Number(response.headers.get("retry-after") ?? "5") + 1) * 1000));
  }
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))!
    .split(";")[0]!;
}

describe("scripts/agent-example.ts against the local Worker", () => {
  it("claims a queued job with its vendor's credentials, fetches the document and finishes it with a report", async () => {
    const admin = await signIn(ADMIN);
    // A site of its own, so the agent claims this test's job and no seeded one.
    const stamp = Date.now().toString(36);
    const { site } = await as(admin, "updatesite", {
      siteName: `Agent site ${stamp}`,
      siteDesc: "Checked by the example agent",
      sitePrice: 1,
      siteIsUse: true,
    });
    await as(admin, "updatevendor", {
      vendorSiteID: site.siteId,
      vendorName: `Agent vendor ${stamp}`,
      vendorIsActive: true,
      loginMethod: "cookie",
      vendorValue: "session=agent-e2e",
    });
    const { key } = await as(admin, "create-apikey", { keyName: `e2e agent ${stamp}` });

    const client = await signIn(CLIENT);
    const upload = new FormData();
    upload.append("siteId", String(site.siteId));
    upload.append("file", new Blob(["first line\nsecond line\nfirst line\nthird line\n"], { type: "text/plain" }), "essay.txt");
    const { history } = await as(client, "submit-job", upload);

    const seen: string[] = [];
    const finished = await runOnce(new PortalAgent(baseUrl(), key), { siteId: site.siteId, limit: 5 }, async (job, document) => {
      seen.push(`${job.fileName}: ${job.vendor?.loginMethod} ${job.vendor?.vendorValue}, ${document.byteLength} bytes`);
      return repeatedLines(job, document);
    });

    expect(seen).toEqual(["essay.txt: cookie session=agent-e2e, 45 bytes"]);
    expect(finished.map((h) => [h.fileData.uniqueId, h.fileData.status, h.fileData.similarity, h.hasReport])).toEqual([
      [history.fileData.uniqueId, 1, 25, true],
    ]);
    // The client sees the result and downloads the agent's report.
    const mine = await as(client, "search-history", { search: "", page: 1, limit: 10 });
    expect(mine.data.find((h) => h.fileData.uniqueId === history.fileData.uniqueId)?.fileData).toMatchObject({
      status: 1,
      similarity: 25,
    });
    const report = await fetch(`${baseUrl()}/api/download`, {
      method: "POST",
      headers: { cookie: client, "content-type": "application/json" },
      body: JSON.stringify({ kind: "report", id: history.fileData.uniqueId }),
    });
    expect(report.status).toBe(200);
    expect(await report.text()).toBe("Similarity report for essay.txt\n1 of 4 lines repeat: 25%\n");
  });
});
