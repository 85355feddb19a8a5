import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkAnswer } from "./contract-check";
import { BASE, call, callForm, createAdmin, createAgentKey, createJobSite, createUser, directFetch } from "./helpers";

/** Fake S3 settings: signing is local, so nothing here reaches the network. */
const S3 = {
  R2_ACCOUNT_ID: "0123456789abcdef0123456789abcdef",
  R2_BUCKET: "portal-files-test",
  R2_ACCESS_KEY_ID: "AKTESTKEY000000000001",
  R2_SECRET_ACCESS_KEY: "test-secret-access-key-do-not-use",
};

/** `download` (or another call) against the Worker with `extra` settings added to the test env. */
async function callWith(extra: Record<string, string>, name: string, body: unknown, cookie?: string, bearer?: string) {
  const headers: Record<string, string> = { "content-type": "application/json", "cf-connecting-ip": "203.0.113.9" };
  if (cookie) headers.cookie = cookie;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const response = await directFetch(
    `${BASE}/api/${name}`,
    { method: "POST", headers, body: JSON.stringify(body) },
    { ...env, ...extra },
  );
  const text = await response.text();
  // The link answer is checked against the contract like every answer call() reads.
  if (response.headers.get("content-type")?.startsWith("application/json")) checkAnswer(name, response, JSON.parse(text));
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

/** A finished job of a fresh client, with its report's R2 key. */
async function finishedJob() {
  const { siteId } = await createJobSite({ price: 0 });
  const owner = await createUser();
  const admin = await createAdmin();
  const doc = new File(["The owner's words.\n"], "essay.txt");
  const submitted = await callForm("submit-job", { siteId: String(siteId), file: doc }, { cookie: owner.cookie });
  const uniqueId = submitted.body.history.fileData.uniqueId as string;
  const report = new File(["%PDF-1.5\nreport\n"], "Rapport final é.pdf");
  const done = await callForm("update-history", { uniqueId, status: "1", similarity: "9", report }, { cookie: admin.cookie });
  expect(done.status).toBe(200);
  const keys = await env.DB.prepare("SELECT reportKey, fileKey FROM history WHERE uniqueId = ?1")
    .bind(uniqueId)
    .first<{ reportKey: string; fileKey: string }>();
  return { owner, admin, uniqueId, ...keys! };
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const enc = new TextEncoder();
async function hmac(key: ArrayBuffer | Uint8Array, text: string) {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", k, enc.encode(text));
}
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Recomputes the URL's SigV4 query signature from its own parts and the secret, as R2 would. */
async function expectedSignature(url: URL, secret: string): Promise<string> {
  const params = [...url.searchParams.entries()].filter(([name]) => name !== "X-Amz-Signature");
  const canonicalQuery = params
    .map(([n, v]) => [rfc3986(n), rfc3986(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join("&");
  const signedHeaders = url.searchParams.get("X-Amz-SignedHeaders")!;
  expect(signedHeaders).toBe("host");
  const canonical = ["GET", url.pathname, canonicalQuery, `host:${url.host}\n`, signedHeaders, "UNSIGNED-PAYLOAD"].join("\n");
  const date = url.searchParams.get("X-Amz-Date")!;
  const scope = url.searchParams.get("X-Amz-Credential")!.split("/").slice(1).join("/");
  const toSign = ["AWS4-HMAC-SHA256", date, scope, hex(await crypto.subtle.digest("SHA-256", enc.encode(canonical)))].join("\n");
  const [day, region, service] = scope.split("/");
  let key = await hmac(enc.encode(`AWS4${secret}`), day!);
  for (const part of [region!, service!, "aws4_request"]) key = await hmac(key, part);
  return hex(await hmac(key, toSign));
}

describe("download with R2's S3 settings (presigned)", () => {
  it("answers a short-lived signed link to the owner's report, named and typed as an attachment", async () => {
    const { owner, uniqueId, reportKey } = await finishedJob();
    const before = Date.now();
    const res = await callWith(S3, "download", { kind: "report", id: uniqueId }, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { url, expiresAt } = res.json() as { url: string; expiresAt: string };
    const link = new URL(url);
    expect(link.protocol).toBe("https:");
    expect(link.host).toBe(`${S3.R2_ACCOUNT_ID}.r2.cloudflarestorage.com`);
    expect(link.pathname).toBe(`/${S3.R2_BUCKET}/${reportKey}`);
    const expires = Number(link.searchParams.get("X-Amz-Expires"));
    expect(expires).toBeGreaterThan(0);
    expect(expires).toBeLessThanOrEqual(300);
    expect(Date.parse(expiresAt) - before).toBeLessThanOrEqual(300_000 + 5_000);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    expect(link.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(link.searchParams.get("X-Amz-Credential")).toMatch(new RegExp(`^${S3.R2_ACCESS_KEY_ID}/\\d{8}/auto/s3/aws4_request$`));
    expect(link.searchParams.get("response-content-disposition")).toBe(
      `attachment; filename="Rapport final _.pdf"; filename*=UTF-8''Rapport%20final%20%C3%A9.pdf`,
    );
    expect(link.searchParams.get("response-content-type")).toBe("application/pdf");
    const signature = link.searchParams.get("X-Amz-Signature");
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signature).toBe(await expectedSignature(link, S3.R2_SECRET_ACCESS_KEY));
    // A different secret would not produce it: the signature really depends on the key.
    expect(signature).not.toBe(await expectedSignature(link, "another-secret"));
  });

  it("checks ownership before issuing anything: another client gets 404 and no link; an admin gets one", async () => {
    const { admin, uniqueId } = await finishedJob();
    const stranger = await createUser();
    for (const kind of ["report", "job-file"]) {
      const refused = await callWith(S3, "download", { kind, id: uniqueId }, stranger.cookie);
      expect(refused.status, kind).toBe(404);
      expect(refused.json()).toEqual({ error: "No such file.", code: "not_found" });
      expect(refused.text).not.toContain("r2.cloudflarestorage.com");
      const allowed = await callWith(S3, "download", { kind, id: uniqueId }, admin.cookie);
      expect(allowed.status, kind).toBe(200);
      expect(allowed.json().url).toContain(S3.R2_BUCKET);
    }
    expect((await callWith(S3, "download", { kind: "report", id: uniqueId })).status).toBe(401);
  });

  it("refuses an item file without an active subscription, and answers 404 for an object missing from R2", async () => {
    const client = await createUser();
    const key = `item-files/presign-${crypto.randomUUID()}.txt`;
    const item = await env.DB.prepare(
      "INSERT INTO items (itemName, itemPrice, itemDuration, itemUrl, itemFile, itemFileKey) VALUES ('Presign guide', 100, 30, 'https://example.com', 'guide.txt', ?1) RETURNING itemId",
    )
      .bind(key)
      .first<{ itemId: number }>();
    expect((await callWith(S3, "download", { kind: "item-file", id: item!.itemId }, client.cookie)).status).toBe(404);
    await env.DB.prepare(
      "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, '2020-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z', ?3)",
    )
      .bind(client.userId, item!.itemId, `presign:${key}`)
      .run();
    // Subscribed, but the object is not in R2: no link to a file that would fail at R2.
    expect((await callWith(S3, "download", { kind: "item-file", id: item!.itemId }, client.cookie)).status).toBe(404);
    await env.FILES.put(key, "guide", { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
    const ok = await callWith(S3, "download", { kind: "item-file", id: item!.itemId }, client.cookie);
    expect(ok.status).toBe(200);
    expect(new URL(ok.json().url).pathname).toBe(`/${S3.R2_BUCKET}/${key}`);
  });

  it("still streams agents' job documents (their scripts save the answer's bytes)", async () => {
    const { siteId } = await createJobSite({ price: 0 });
    const owner = await createUser();
    const submitted = await callForm(
      "submit-job",
      { siteId: String(siteId), file: new File(["agent text"], "c.txt") },
      { cookie: owner.cookie },
    );
    const uniqueId = submitted.body.history.fileData.uniqueId;
    const agent = await createAgentKey("presign agent");
    await call("claim-jobs", { siteId }, { bearer: agent.key });
    const res = await callWith(S3, "job-file", { uniqueId }, undefined, agent.key);
    expect(res.status).toBe(200);
    expect(res.text).toBe("agent text");
  });
});

describe("download without R2's S3 settings", () => {
  it("streams the file through the Worker, also when the settings are only half there", async () => {
    const { owner, uniqueId } = await finishedJob();
    const unset = { R2_ACCESS_KEY_ID: "", R2_SECRET_ACCESS_KEY: "" };
    for (const extra of [unset, { ...S3, R2_SECRET_ACCESS_KEY: "" }, { ...S3, R2_ACCOUNT_ID: " " }]) {
      const res = await callWith(extra, "download", { kind: "report", id: uniqueId }, owner.cookie);
      expect(res.status).toBe(200);
      expect(res.text).toBe("%PDF-1.5\nreport\n");
      expect(res.headers.get("content-disposition")).toContain("attachment;");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    const stranger = await createUser();
    expect((await callWith(unset, "download", { kind: "report", id: uniqueId }, stranger.cookie)).status).toBe(404);
  });
});
