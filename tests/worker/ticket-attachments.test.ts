import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { supportAddress } from "../../worker/src/auth/support-mail-token";
import { getDb } from "../../worker/src/db";
import { ORPHAN_AGE_MS, sweepOrphanedFiles } from "../../worker/src/domain/storage/sweep";
import worker from "../../worker/src/index";
import { call, createUser, pdfFile, type CallOptions, type TestUser } from "./helpers";

/** Ticket attachments (issue 39 item 1, decision 0032): stored by their bytes, served to the ticket's client and staff. */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = (name = "screenshot.png") => new File([PNG], name, { type: "image/png" });
const desk = () => createUser({ role: "support", name: "Desk Dana" });
const DOMAIN = "support.test";

async function open(client: TestUser) {
  const res = await call(
    "open-ticket",
    { subject: "Transfer", body: "<p>Hello</p>", label: "payment" },
    { cookie: client.cookie },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.ticket.ticketId as number;
}

/** reply-ticket as multipart, each file a repeated `attachments` part. */
function reply(who: TestUser, fields: Record<string, string>, files: File[], opts: CallOptions = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append("attachments", file);
  return call("reply-ticket", undefined, { cookie: who.cookie, raw: form, ...opts });
}

const fetchFile = (who: TestUser, attachmentId: number) => call("ticket-attachment", { attachmentId }, { cookie: who.cookie });
const rowsOf = async (ticketId: number) =>
  (
    await env.DB.prepare("SELECT name, type, size, fileKey FROM ticket_attachments WHERE ticketId = ?1 ORDER BY attachmentId")
      .bind(ticketId)
      .all<{ name: string; type: string; size: number; fileKey: string }>()
  ).results;
const messageCount = async (ticketId: number) =>
  env.DB.prepare("SELECT count(*) AS n FROM ticket_messages WHERE ticketId = ?1").bind(ticketId).first<number>("n");
const objectsOf = async (ticketId: number) => (await env.FILES.list({ prefix: `tickets/${ticketId}/` })).objects.length;

describe("reply-ticket with files", () => {
  it("stores a client's files under the ticket, lists them per message and serves them to the client and staff only", async () => {
    const ana = await createUser();
    const ben = await createUser();
    const dana = await desk();
    const ticketId = await open(ana);
    const res = await reply(ana, { ticketId: String(ticketId), body: "<p>Here is the receipt</p>" }, [
      png(),
      pdfFile("receipt.pdf"),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = res.body.ticketMessage.attachments as Array<{ attachmentId: number; name: string; type: string; size: number }>;
    expect(sent.map(({ name, type }) => [name, type])).toEqual([
      ["screenshot.png", "image/png"],
      ["receipt.pdf", "application/pdf"],
    ]);
    const rows = await rowsOf(ticketId);
    expect(rows.every((r) => r.fileKey.startsWith(`tickets/${ticketId}/`))).toBe(true);
    expect(await objectsOf(ticketId)).toBe(2);

    for (const reader of [ana, dana]) {
      const detail = await call("ticket-detail", { ticketId }, { cookie: reader.cookie });
      expect(detail.body.messages.map((m: { attachments: unknown[] }) => m.attachments.length)).toEqual([0, 2]);
      const file = await fetchFile(reader, sent[0]!.attachmentId);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toContain('attachment; filename="screenshot.png"');
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      expect(file.headers.get("content-type")).toBe("image/png");
    }
    const stranger = await fetchFile(ben, sent[0]!.attachmentId);
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe("not_found");
    expect((await fetchFile(ben, 999_999)).status).toBe(404);
  });

  it("keeps an internal note's files from the client: not listed, and 404 to them", async () => {
    const ana = await createUser();
    const dana = await desk();
    const ticketId = await open(ana);
    const res = await reply(dana, { ticketId: String(ticketId), body: "<p>bank statement</p>", internal: "true" }, [
      pdfFile("statement.pdf"),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [file] = res.body.ticketMessage.attachments as Array<{ attachmentId: number }>;
    const seen = await call("ticket-detail", { ticketId }, { cookie: ana.cookie });
    expect(seen.body.messages.flatMap((m: { attachments: unknown[] }) => m.attachments)).toEqual([]);
    expect((await fetchFile(ana, file!.attachmentId)).status).toBe(404);
    expect((await fetchFile(dana, file!.attachmentId)).status).toBe(200);
  });

  it("decides by bytes, not names: a PNG named .txt is a PNG, a script named .png is 415, and nothing is written", async () => {
    const ana = await createUser();
    const ticketId = await open(ana);
    const named = await reply(ana, { ticketId: String(ticketId), body: "<p>a</p>" }, [png("notes.txt")]);
    expect(named.status).toBe(200);
    expect((await rowsOf(ticketId)).map((r) => r.type)).toEqual(["image/png"]);

    const script = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00])], "photo.png", {
      type: "image/png",
    });
    const refused = await reply(ana, { ticketId: String(ticketId), body: "<p>b</p>" }, [png(), script]);
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ code: "unsupported_type", field: "attachments" });
    expect(await messageCount(ticketId)).toBe(2);
    expect(await objectsOf(ticketId)).toBe(1);
  });

  it("refuses a file over 10 MB and files over 20 MB in all with 413, and a sixth file with 400", async () => {
    const ana = await createUser();
    const ticketId = await open(ana);
    const big = (mb: number, name: string) => new File([PNG, new Uint8Array(mb * 1024 * 1024)], name);
    const fields = { ticketId: String(ticketId), body: "<p>files</p>" };

    const one = await reply(ana, fields, [big(10, "huge.png")]);
    expect(one.status).toBe(413);
    expect(one.body.error).toContain("10 MB");
    const total = await reply(ana, fields, [big(7, "a.png"), big(7, "b.png"), big(7, "c.png")]);
    expect(total.status).toBe(413);
    expect(total.body.error).toContain("20 MB");
    const six = await reply(
      ana,
      fields,
      Array.from({ length: 6 }, (_, i) => png(`p${i}.png`)),
    );
    expect(six.status).toBe(400);
    expect(six.body.field).toBe("attachments");
    expect(await messageCount(ticketId)).toBe(1);
    expect(await objectsOf(ticketId)).toBe(0);

    const five = await reply(
      ana,
      fields,
      Array.from({ length: 5 }, (_, i) => png(`p${i}.png`)),
    );
    expect(five.status).toBe(200);
    expect(await objectsOf(ticketId)).toBe(5);
  });

  it("writes a row and its index entry per file beyond the reply's 10 rows", async () => {
    const ana = await createUser();
    const ticketId = await open(ana);
    const plain = await call("reply-ticket", { ticketId, body: "<p>no files</p>" }, { cookie: ana.cookie });
    expect(plain.usage!.rowsWritten).toBeLessThanOrEqual(10);
    const withTwo = await reply(ana, { ticketId: String(ticketId), body: "<p>two files</p>" }, [png(), png("b.png")]);
    expect(withTwo.usage!.rowsWritten).toBe(plain.usage!.rowsWritten + 4);
  });
});

describe("open-ticket with files", () => {
  it("sends a saved draft with its files, keeping the draft's about; a new ticket's files are 400", async () => {
    const ana = await createUser();
    const referenceId = `att${crypto.randomUUID().replaceAll("-", "")}`;
    await env.DB.prepare(
      `INSERT INTO payments (referenceId, userId, amount, currency, lines, expiresAt)
       VALUES (?1, ?2, 900, 'USD', '[]', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day'))`,
    )
      .bind(referenceId, ana.userId)
      .run();
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      body.append("attachments", png());
      return body;
    };
    const fresh = await call("open-ticket", undefined, {
      cookie: ana.cookie,
      raw: form({ subject: "With a file", body: "<p>x</p>" }),
    });
    expect(fresh.status).toBe(400);
    expect(fresh.body.field).toBe("attachments");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM tickets WHERE userId = ?1").bind(ana.userId).first("n")).toBe(0);

    const draft = await call(
      "open-ticket",
      { subject: "With a file", body: "<p>x</p>", about: { kind: "payment", id: referenceId }, draft: true },
      { cookie: ana.cookie },
    );
    const ticketId = draft.body.ticket.ticketId as number;
    const sent = await call("open-ticket", undefined, {
      cookie: ana.cookie,
      raw: form({ ticketId: String(ticketId), subject: "With a file", body: "<p>x</p>", draft: "false" }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.ticket).toMatchObject({ draft: false, about: { kind: "payment", id: referenceId } });
    const detail = await call("ticket-detail", { ticketId }, { cookie: ana.cookie });
    expect(detail.body.messages[0].attachments).toEqual([expect.objectContaining({ name: "screenshot.png", type: "image/png" })]);
    expect(await objectsOf(ticketId)).toBe(1);
  });
});

describe("a mailed reply's files", () => {
  it("keeps the attachments a reply could carry and leaves out the rest", async () => {
    const ana = await createUser();
    const ticketId = await open(ana);
    const to = await supportAddress("test-support-mail-secret", DOMAIN, ticketId);
    const part = (name: string, type: string, bytes: Uint8Array) =>
      [
        "--b1",
        `Content-Type: ${type}; name="${name}"`,
        `Content-Disposition: attachment; filename="${name}"`,
        "Content-Transfer-Encoding: base64",
        "",
        btoa(String.fromCharCode(...bytes)),
      ].join("\r\n");
    const raw = [
      `From: Ana <${ana.email}>`,
      `To: ${to}`,
      "Subject: Re: your ticket",
      `Message-ID: <${crypto.randomUUID()}@mail.example>`,
      'Content-Type: multipart/mixed; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "The screenshot you asked for.",
      part("screen.png", "image/png", PNG),
      part("setup.exe", "application/octet-stream", new Uint8Array([0x4d, 0x5a, 0x90, 0x00])),
      "--b1--",
      "",
    ].join("\r\n");
    const bytes = new TextEncoder().encode(raw);
    let rejected: string | null = null;
    const message = {
      from: ana.email,
      to,
      raw: new Blob([bytes]).stream(),
      rawSize: bytes.byteLength,
      headers: new Headers(),
      setReject: (reason: string) => {
        rejected = reason;
      },
    } as unknown as ForwardableEmailMessage;
    const exec = createExecutionContext();
    await worker.email(message, { ...env, SUPPORT_MAIL_DOMAIN: DOMAIN } as Env, exec);
    await waitOnExecutionContext(exec);
    expect(rejected).toBeNull();
    expect((await rowsOf(ticketId)).map((r) => [r.name, r.type])).toEqual([["screen.png", "image/png"]]);
    const detail = await call("ticket-detail", { ticketId }, { cookie: ana.cookie });
    expect(detail.body.messages[1].attachments).toEqual([expect.objectContaining({ name: "screen.png" })]);
  });
});

describe("closure, export and the sweep", () => {
  it("lists a client's files in their export and erases them with the account", async () => {
    const ana = await createUser();
    const dana = await desk();
    const ticketId = await open(ana);
    await reply(ana, { ticketId: String(ticketId), body: "<p>mine</p>" }, [png()]);
    await reply(dana, { ticketId: String(ticketId), body: "<p>note</p>", internal: "true" }, [pdfFile()]);
    const exported = await call("export-my-data", {}, { cookie: ana.cookie });
    expect(exported.status).toBe(200);
    expect((exported.body.ticketAttachments as Array<{ name: string }>).map((a) => a.name)).toEqual(["screenshot.png"]);

    expect(await objectsOf(ticketId)).toBe(2);
    const closed = await call("close-account", { password: ana.password }, { cookie: ana.cookie });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await rowsOf(ticketId)).toEqual([]);
    expect(await objectsOf(ticketId)).toBe(0);
  });

  it("sweeps a ticket file no row names once it is a day old, and keeps the named ones", async () => {
    const ana = await createUser();
    const ticketId = await open(ana);
    await reply(ana, { ticketId: String(ticketId), body: "<p>kept</p>" }, [png()]);
    const [named] = await rowsOf(ticketId);
    await env.FILES.put(`tickets/${ticketId}/orphan.png`, PNG);
    await env.DB.prepare("DELETE FROM sweep_cursors").run();
    const swept = await sweepOrphanedFiles(env.FILES, getDb(env.DB), { now: new Date(Date.now() + ORPHAN_AGE_MS + 60_000) });
    expect(swept.removed).toContain(`tickets/${ticketId}/orphan.png`);
    expect(swept.removed).not.toContain(named!.fileKey);
    expect((await env.FILES.list({ prefix: `tickets/${ticketId}/` })).objects.map((o) => o.key)).toEqual([named!.fileKey]);
  });
});
