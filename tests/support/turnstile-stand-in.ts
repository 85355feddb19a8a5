import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * A local stand-in for Cloudflare Turnstile's siteverify (POST /turnstile/v0/siteverify), on 127.0.0.1,
 * answering as Turnstile does for Cloudflare's documented test secret keys
 * (developers.cloudflare.com/turnstile/troubleshooting/testing/): `1x…AA` passes any token, `2x…AA` fails
 * every one, `3x…AA` says the token was already spent. GET /__stand-in/requests lists what it was asked;
 * under /down/ it answers 503, as during an outage.
 */

export const TURNSTILE_TEST_KEYS = {
  siteKey: "1x00000000000000000000AA",
  passingSecret: "1x0000000000000000000000000000000AA",
  failingSecret: "2x0000000000000000000000000000000AA",
  spentSecret: "3x0000000000000000000000000000000AA",
  /** What the widget hands out with a test site key. */
  dummyToken: "XXXX.DUMMY.TOKEN.XXXX",
} as const;

export interface SiteverifyRequest {
  secret: string;
  response: string;
  remoteip?: string;
}

export interface TurnstileStandIn {
  url: string;
  requests: SiteverifyRequest[];
  stop(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if ((req.headers["content-type"] ?? "").includes("application/json")) return JSON.parse(text) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(text));
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startTurnstileStandIn(): Promise<TurnstileStandIn> {
  const requests: SiteverifyRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === "GET" && req.url === "/__stand-in/requests") return answer(res, 200, requests);
      // Turnstile having an outage: a base URL under /down answers 503.
      if (req.url?.startsWith("/down/")) return answer(res, 503, { error: "unavailable" });
      if (req.method !== "POST" || req.url !== "/turnstile/v0/siteverify") return answer(res, 404, { error: "not found" });
      const body = await readJson(req);
      requests.push({
        secret: body.secret ?? "",
        response: body.response ?? "",
        ...(body.remoteip ? { remoteip: body.remoteip } : {}),
      });
      const fail = (codes: string[]) => answer(res, 200, { success: false, "error-codes": codes, messages: [] });
      if (!body.secret) return fail(["missing-input-secret"]);
      if (!body.response) return fail(["missing-input-response"]);
      if (body.secret === TURNSTILE_TEST_KEYS.passingSecret) {
        return answer(res, 200, {
          success: true,
          challenge_ts: new Date().toISOString(),
          hostname: "example.com",
          "error-codes": [],
          action: "",
          cdata: "",
        });
      }
      if (body.secret === TURNSTILE_TEST_KEYS.spentSecret) return fail(["timeout-or-duplicate"]);
      if (body.secret === TURNSTILE_TEST_KEYS.failingSecret) return fail(["invalid-input-response"]);
      return fail(["invalid-input-secret"]);
    })().catch(() => answer(res, 400, { success: false, "error-codes": ["bad-request"] }));
  });
  // Never close an idle connection: workerd reuses its pooled ones, and one Node closed after its default 5 s
  // idle (a test drawing PDFs meanwhile) failed the next call with "Network connection lost".
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
