import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { supportAddress, supportMailToken } from "../../worker/src/auth/support-mail-token";
import { stripQuotedHistory } from "../../worker/src/domain/support/mail-text";
import worker from "../../worker/src/index";
import { call, createUser, type TestUser } from "./helpers";

/** Support mail both ways (issue 39 item 2, decision 0030): reply mails and bell rows, and mail-in. */

const DOMAIN = "support.test";
const withDomain = { ...env, SUPPORT_MAIL_DOMAIN: DOMAIN } as Env;
const desk = () => createUser({ role: "support", name: "Desk Dana" });

async function open(client: TestUser, subject = "Transfer not confirmed") {
  const res = await call("open-ticket", { subject, body: "<p>Hello team</p>", label: "payment" }, { cookie: client.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.ticket.ticketId as number;
}

const mailsOf = async (email: string) =>
  (
    await env.DB.prepare("SELECT mailKind, mailSubject, mailBody, replyTo FROM outbox WHERE toEmail = ?1 ORDER BY mailId")
      .bind(email)
      .all<{ mailKind: string; mailSubject: string; mailBody: string; replyTo: string | null }>()
  ).results;

const bellOf = async (userId: number) =>
  (
    await env.DB.prepare("SELECT kind, link, params FROM notifications WHERE userId = ?1 ORDER BY notificationId")
      .bind(userId)
      .all<{ kind: string; link: string; params: string }>()
  ).results;

const messagesOf = async (ticketId: number) =>
  (
    await env.DB.prepare("SELECT seq, authorId, staff, body FROM ticket_messages WHERE ticketId = ?1 ORDER BY seq")
      .bind(ticketId)
      .all<{ seq: number; authorId: number; staff: number; body: string }>()
  ).results;

interface Delivery {
  from: string;
  to: string;
  text: string;
  messageId?: string;
}

/** Hands a raw RFC 5322 message to the Worker's email() handler as Email Routing would; answers the rejection, if any. */
async function deliver({ from, to, text, messageId = `<${crypto.randomUUID()}@mail.example>` }: Delivery) {
  const raw = [
    `From: Sender <${from}>`,
    `To: ${to}`,
    "Subject: Re: your ticket",
    `Message-ID: ${messageId}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
  ].join("\r\n");
  const bytes = new TextEncoder().encode(raw);
  let rejected: string | null = null;
  const message = {
    from,
    to,
    raw: new Blob([bytes]).stream(),
    rawSize: bytes.byteLength,
    headers: new Headers(),
    setReject: (reason: string) => {
      rejected = reason;
    },
    forward: () => Promise.reject(new Error("not used")),
    reply: () => Promise.reject(new Error("not used")),
  } as unknown as ForwardableEmailMessage;
  const exec = createExecutionContext();
  await worker.email(message, withDomain, exec);
  await waitOnExecutionContext(exec);
  return rejected as string | null;
}

describe("reply mails and bell notices", () => {
  it("mails staff's reply to the client in their language, with its text, a link and the signed Reply-To", async () => {
    const ana = await createUser();
    await env.DB.prepare("UPDATE users SET mailLanguage = 'fr' WHERE userId = ?1").bind(ana.userId).run();
    const dana = await desk();
    const ticketId = await open(ana);
    const res = await call(
      "reply-ticket",
      { ticketId, body: "<p>We found your transfer.</p><p>It is confirmed now.</p>" },
      { cookie: dana.cookie, env: withDomain },
    );
    expect(res.status).toBe(200);
    const [mail, ...more] = await mailsOf(ana.email);
    expect(more).toEqual([]);
    expect(mail!.mailKind).toBe("ticket-reply");
    expect(mail!.mailSubject).toContain(`Nouvelle réponse au ticket n° ${ticketId}`);
    expect(mail!.mailBody).toContain("Desk Dana a écrit : We found your transfer.\n\nIt is confirmed now.");
    expect(mail!.mailBody).toContain(`/apps/email/inbox?ticket=${ticketId}`);
    expect(mail!.replyTo).toBe(await supportAddress("test-support-mail-secret", DOMAIN, ticketId));
    expect(await bellOf(ana.userId)).toEqual([
      expect.objectContaining({ kind: "ticket-reply", link: `/apps/email/inbox?ticket=${ticketId}` }),
    ]);
  });

  it("never mails or notifies an internal note, and tells the assignee, or every staff member, of a client's reply", async () => {
    const ana = await createUser();
    const dana = await desk();
    const eve = await desk();
    const ticketId = await open(ana);
    await call("reply-ticket", { ticketId, body: "<p>secret note</p>", internal: true }, { cookie: dana.cookie });
    expect(await mailsOf(ana.email)).toEqual([]);
    expect(await bellOf(ana.userId)).toEqual([]);

    await call("reply-ticket", { ticketId, body: "<p>Any news?</p>" }, { cookie: ana.cookie });
    for (const staff of [dana, eve]) {
      expect((await mailsOf(staff.email)).map((m) => m.mailKind)).toEqual(["ticket-reply"]);
      expect((await bellOf(staff.userId)).map((n) => n.kind)).toEqual(["ticket-reply"]);
    }
    expect(await mailsOf(ana.email)).toEqual([]);

    await call("update-ticket", { ticketId, assigneeId: eve.userId }, { cookie: dana.cookie });
    await call("reply-ticket", { ticketId, body: "<p>Still waiting</p>" }, { cookie: ana.cookie });
    expect(await mailsOf(eve.email)).toHaveLength(2);
    expect(await mailsOf(dana.email)).toHaveLength(1);
  });
});

describe("mail-in", () => {
  it("adds the client's mailed reply once, without the quoted history, even when delivered twice", async () => {
    const ana = await createUser();
    const dana = await desk();
    const ticketId = await open(ana);
    const to = await supportAddress("test-support-mail-secret", DOMAIN, ticketId);
    const text = "Thanks, <b>it works</b> now.\r\n\r\nOn Tue, 1 Dec 2026, Desk Dana wrote:\r\n> We found your transfer.";
    const messageId = "<twice@mail.example>";
    expect(await deliver({ from: ana.email, to, text, messageId })).toBeNull();
    expect(await deliver({ from: ana.email, to, text, messageId })).toBeNull();
    const thread = await messagesOf(ticketId);
    expect(thread.map((m) => [m.seq, m.authorId, m.staff])).toEqual([
      [1, ana.userId, 0],
      [2, ana.userId, 0],
    ]);
    expect(thread[1]!.body).toBe("<p>Thanks, &lt;b&gt;it works&lt;/b&gt; now.</p>");
    // The reply reached the desk like one written on the page.
    expect((await bellOf(dana.userId)).map((n) => n.kind)).toEqual(["ticket-reply"]);
  });

  it("takes staff's mailed answer as a staff reply", async () => {
    const ana = await createUser();
    const dana = await desk();
    const ticketId = await open(ana);
    const to = `support+${await supportMailToken("test-support-mail-secret", ticketId)}@${DOMAIN}`;
    expect(await deliver({ from: dana.email, to, text: "Confirmed on our side." })).toBeNull();
    expect((await messagesOf(ticketId)).at(-1)).toMatchObject({ authorId: dana.userId, staff: 1 });
    expect((await mailsOf(ana.email)).map((m) => m.mailKind)).toEqual(["ticket-reply"]);
  });

  it("refuses a missing, forged or another ticket's token, and a sender who is neither the client nor staff", async () => {
    const ana = await createUser();
    const ben = await createUser();
    const ticketId = await open(ana);
    const other = await open(ben);
    const [, signature] = (await supportMailToken("test-support-mail-secret", other)).split("-");
    const refusedAddresses = [
      `support@${DOMAIN}`,
      `support+${ticketId}@${DOMAIN}`,
      `support+${ticketId}-${"0".repeat(20)}@${DOMAIN}`,
      `support+${ticketId}-${signature}@${DOMAIN}`,
      await supportAddress("another-secret", DOMAIN, ticketId),
    ];
    for (const to of refusedAddresses) {
      expect(await deliver({ from: ana.email, to, text: "Hello" }), to).toMatch(/not a ticket's support address/);
    }
    const to = await supportAddress("test-support-mail-secret", DOMAIN, ticketId);
    expect(await deliver({ from: ben.email, to, text: "Me too" })).toMatch(/client or support staff/);
    expect(await deliver({ from: "stranger@example.net", to, text: "Hi" })).toMatch(/client or support staff/);
    expect(await deliver({ from: ana.email, to, text: "> only quoted" })).toMatch(/no text/);
    expect(await messagesOf(ticketId)).toHaveLength(1);
  });
});

describe("quoted history", () => {
  it("cuts the common reply headers and quoted lines", () => {
    expect(stripQuotedHistory("Yes.\n\nOn Mon, 30 Nov 2026 at 10:00, Desk <support+1-ab@x>\nwrote:\n> old")).toBe("Yes.");
    expect(stripQuotedHistory("Oui.\nLe lun. 30 nov. 2026, Desk a écrit :\n> ancien")).toBe("Oui.");
    expect(stripQuotedHistory("Sure\n\n-----Original Message-----\nFrom: Desk")).toBe("Sure");
    expect(stripQuotedHistory("Done\n\nFrom: Desk <d@x>\nSent: today")).toBe("Done");
    expect(stripQuotedHistory("Line one\n> quoted\nLine two\n-- \nAna")).toBe("Line one\nLine two");
  });
});
