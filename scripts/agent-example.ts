import { createServer, type Server } from "node:http";
import type { Calls } from "../worker/src/contract";
import { SIGNATURE_HEADER, verifyWebhook } from "../worker/src/domain/webhooks/signature";

/**
 * An automation agent, written against the API's contract (the types behind GET /api/openapi.json):
 * it claims queued jobs, fetches each job's document, works out a result and finishes the job.
 *
 *   PORTAL_URL=http://localhost:8787 PORTAL_API_KEY=pk_… [PORTAL_SITE_ID=1] npx tsx scripts/agent-example.ts
 *
 * The key comes from /apps/api-keys. A claim lasts JOB_CLAIM_TIMEOUT_MINUTES; a job this agent cannot
 * process is finished as failed (status 2), which refunds the client's points.
 *
 * Instead of polling, it can wake on the portal's `job.queued` webhook (docs/decisions/0024-webhooks.md):
 * add an endpoint at /apps/settings/webhooks pointing at this machine, then
 *
 *   PORTAL_WEBHOOK_SECRET=whsec_… … npx tsx scripts/agent-example.ts --listen 8790
 */

type AgentCall = "claim-jobs" | "update-history";
export type ClaimedJob = Calls["claim-jobs"]["answer"]["jobs"][number];
/** What processing a document gives: done with a similarity (0..100) and a report, or failed. */
export type JobResult = { status: 1; similarity: number; report: Blob; reportName: string } | { status: 2 };

export class PortalAgent {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  private async post(name: string, body: BodyInit, json: boolean): Promise<Response> {
    const response = await fetch(`${this.baseUrl}/api/${name}`, {
      method: "POST",
      headers: { authorization: `Bearer ${this.apiKey}`, ...(json ? { "content-type": "application/json" } : {}) },
      body,
    });
    if (!response.ok) {
      // Every error answers {error, code, field?}: branch on code, show error.
      const { error, code } = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
      throw new Error(`${name}: ${response.status} ${code ?? "http_error"}: ${error ?? response.statusText}`);
    }
    return response;
  }

  private async call<N extends AgentCall>(name: N, body: Calls[N]["input"]): Promise<Calls[N]["answer"]> {
    return (await (await this.post(name, JSON.stringify(body), true)).json()) as Calls[N]["answer"];
  }

  /** Takes up to `limit` queued jobs (of one site, if given), each with its vendor account's credentials. */
  async claim(input: Calls["claim-jobs"]["input"]): Promise<ClaimedJob[]> {
    return (await this.call("claim-jobs", input)).jobs;
  }

  /** A claimed job's document: the call and body its `file` names. */
  async document(job: ClaimedJob): Promise<Uint8Array> {
    const body: Calls["job-file"]["input"] = job.file.body;
    return new Uint8Array(await (await this.post(job.file.call, JSON.stringify(body), true)).arrayBuffer());
  }

  /** Finishes a claimed job; a report travels as a multipart file. */
  async finish(job: ClaimedJob, result: JobResult): Promise<Calls["update-history"]["answer"]> {
    if (result.status === 2) return this.call("update-history", { uniqueId: job.uniqueId, status: 2 });
    const form = new FormData();
    form.append("uniqueId", job.uniqueId);
    form.append("status", "1");
    form.append("similarity", String(result.similarity));
    form.append("report", result.report, result.reportName);
    return (await (await this.post("update-history", form, false)).json()) as Calls["update-history"]["answer"];
  }
}

/** One round: claims, then processes and finishes each job; a job whose processing throws is failed. */
export async function runOnce(
  agent: PortalAgent,
  claim: Calls["claim-jobs"]["input"],
  process: (job: ClaimedJob, document: Uint8Array) => Promise<JobResult>,
): Promise<Array<Calls["update-history"]["answer"]["history"]>> {
  const finished = [];
  for (const job of await agent.claim(claim)) {
    let result: JobResult;
    try {
      result = await process(job, await agent.document(job));
    } catch (error) {
      console.error(`${job.uniqueId}: ${String(error)}`);
      result = { status: 2 };
    }
    finished.push((await agent.finish(job, result)).history);
  }
  return finished;
}

/**
 * A stand-in for the vendor site's check: the share of the document's non-blank lines that repeat an
 * earlier line. A real agent signs in to the vendor with `job.vendor` and reads the site's figure.
 */
export async function repeatedLines(job: ClaimedJob, document: Uint8Array): Promise<JobResult> {
  const lines = new TextDecoder()
    .decode(document)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const repeated = lines.filter((line, i) => lines.indexOf(line) < i).length;
  const similarity = lines.length ? Math.round((repeated / lines.length) * 100) : 0;
  const report = `Similarity report for ${job.fileName}\n${repeated} of ${lines.length} lines repeat: ${similarity}%\n`;
  return { status: 1, similarity, report: new Blob([report], { type: "text/plain" }), reportName: `${job.fileName}.report.txt` };
}

/**
 * A receiver of the portal's webhooks: it verifies each request (signature, time window, event id not
 * seen before) and calls `onJobQueued` once per `job.queued` event. A forged or stale request gets 400;
 * an event already handled (a retry or a replay) gets 200 and is skipped. Ids handled are kept in memory:
 * a real agent keeps them as long as the portal retries (about five hours).
 */
export function webhookReceiver(secret: string, onJobQueued: (uniqueId: string) => Promise<void>): Server {
  const handled = new Set<string>();
  return createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const header = request.headers[SIGNATURE_HEADER.toLowerCase()];
        const verified = await verifyWebhook(typeof header === "string" ? header : null, body, secret, {
          seen: (id) => handled.has(id),
        });
        if (!verified.ok) {
          response.writeHead(verified.problem === "replayed" ? 200 : 400).end(verified.problem);
          return;
        }
        handled.add(verified.event.id);
        // Answered at once: the work runs after, so a slow claim is no failed delivery.
        response.writeHead(200).end("ok");
        if (verified.event.type === "job.queued") await onJobQueued(String(verified.event.data.uniqueId));
      })().catch((error: unknown) => {
        console.error(String(error));
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { PORTAL_URL = "http://localhost:8787", PORTAL_API_KEY, PORTAL_SITE_ID, PORTAL_WEBHOOK_SECRET } = process.env;
  if (!PORTAL_API_KEY) throw new Error("Set PORTAL_API_KEY to an agent key (pk_…) made on /apps/api-keys.");
  const claim = { limit: 5, ...(PORTAL_SITE_ID ? { siteId: Number(PORTAL_SITE_ID) } : {}) };
  const agent = new PortalAgent(PORTAL_URL, PORTAL_API_KEY);
  const round = async () => {
    const finished = await runOnce(agent, claim, repeatedLines);
    for (const h of finished)
      console.log(`${h.fileData.uniqueId} ${h.fileName}: status ${h.fileData.status}, ${h.fileData.similarity}%`);
    console.log(`${finished.length} job(s) finished.`);
  };
  const listen = process.argv.indexOf("--listen");
  if (listen === -1) await round();
  else {
    if (!PORTAL_WEBHOOK_SECRET) throw new Error("Set PORTAL_WEBHOOK_SECRET to the endpoint's signing secret (whsec_…).");
    const port = Number(process.argv[listen + 1] ?? 8790);
    webhookReceiver(PORTAL_WEBHOOK_SECRET, async (uniqueId) => {
      console.log(`job.queued ${uniqueId}: claiming`);
      await round();
    }).listen(port, "127.0.0.1", () => console.log(`Waiting for job.queued on http://127.0.0.1:${port}/`));
  }
}
