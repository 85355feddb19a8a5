import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatEvent } from "../../worker/src/contract/chat";
import worker from "../../worker/src/index";
import { BASE, call, createUser, type TestUser } from "./helpers";

/** Live chat (issue 39 item 3, decision 0031): the socket's checks, pushed replies and notes, typing, read marks. */

const desk = () => createUser({ role: "support", name: "Desk Dana" });

async function open(client: TestUser): Promise<number> {
  const res = await call("open-ticket", { subject: "Live help", body: "<p>Hello</p>" }, { cookie: client.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.ticket.ticketId as number;
}

/** GET /api/chat/<id> through the Worker's fetch, as a browser opens it. */
async function connect(ticketId: number | string, headers: Record<string, string>) {
  const exec = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${BASE}/api/chat/${ticketId}`, { headers }) as Request<unknown, IncomingRequestCfProperties>,
    env,
    exec,
  );
  await waitOnExecutionContext(exec);
  return response;
}

/** An accepted socket and the events it received. */
async function socket(user: TestUser, ticketId: number) {
  const response = await connect(ticketId, { upgrade: "websocket", cookie: user.cookie, origin: BASE });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  const events: Array<Record<string, any>> = [];
  ws.addEventListener("message", (event) => {
    // Every frame is one the contract declares.
    events.push(chatEvent.parse(JSON.parse(event.data as string)));
  });
  ws.accept();
  return { ws, events };
}

/** Waits until `check` holds (pushes run after the answer, in the room). */
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const settle = () => new Promise((r) => setTimeout(r, 150));

describe("a socket of staff viewing as the client (decision 0033)", () => {
  it("receives the conversation but relays no typing: staff would see the client typing", async () => {
    const ana = await createUser();
    const dana = await desk();
    const admin = await createUser({ role: "admin", name: "Ada Admin" });
    const ticketId = await open(ana);
    const started = await call("view-as", { userId: ana.userId, password: admin.password }, { cookie: admin.cookie });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const viewer = await socket({ ...ana, cookie: started.cookie! }, ticketId);
    const client = await socket(ana, ticketId);
    const staff = await socket(dana, ticketId);

    viewer.ws.send(JSON.stringify({ type: "typing" }));
    client.ws.send(JSON.stringify({ type: "typing" }));
    await until(() => staff.events.some((e) => e.type === "typing"), "the client's typing on staff's socket");
    await settle();
    expect(staff.events.filter((e) => e.type === "typing")).toHaveLength(1);
    expect(client.events.some((e) => e.type === "typing")).toBe(false);
    expect(viewer.events.filter((e) => e.type === "typing")).toHaveLength(1);
    viewer.ws.close();
    client.ws.close();
    staff.ws.close();
  });
});

describe("the chat socket's checks", () => {
  it("answers 426 without Upgrade, 403 from another origin, 401 signed out, 403 without the ability, 404 not theirs", async () => {
    const ana = await createUser();
    const ben = await createUser();
    const ticketId = await open(ana);

    const plain = await connect(ticketId, { cookie: ana.cookie });
    expect(plain.status).toBe(426);
    expect(plain.headers.get("upgrade")).toBe("websocket");
    expect(await plain.json()).toMatchObject({ code: "upgrade_required" });

    const upgrade = { upgrade: "websocket" };
    const foreign = await connect(ticketId, { ...upgrade, cookie: ana.cookie, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: "cross_origin" });

    const signedOut = await connect(ticketId, { ...upgrade, origin: BASE });
    expect(signedOut.status).toBe(401);

    await env.DB.prepare(
      "INSERT INTO roles (roleName, roleDesc) VALUES ('chat-none', 'No tickets') ON CONFLICT DO NOTHING",
    ).run();
    await env.DB.prepare(
      "INSERT INTO role_rules (roleId, action, subject) SELECT roleId, 'read', 'Item' FROM roles WHERE roleName = 'chat-none'",
    ).run();
    const outsider = await createUser({ role: "chat-none" });
    const refused = await connect(ticketId, { ...upgrade, cookie: outsider.cookie, origin: BASE });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "missing_permission" });

    for (const id of [ticketId, 99_999_999, "abc"]) {
      const missing = await connect(id, { ...upgrade, cookie: ben.cookie, origin: BASE });
      expect(missing.status, String(id)).toBe(404);
      expect(await missing.json()).toMatchObject({ code: "not_found" });
    }
  });
});

describe("pushed to the open pages", () => {
  it("a staff reply reaches the client's socket; a note reaches staff only", async () => {
    const ana = await createUser();
    const dana = await desk();
    const ticketId = await open(ana);
    const client = await socket(ana, ticketId);
    const staff = await socket(dana, ticketId);

    const reply = await call("reply-ticket", { ticketId, body: "<p>On it</p>" }, { cookie: dana.cookie });
    expect(reply.status).toBe(200);
    await until(() => client.events.some((e) => e.type === "message"), "the reply on the client's socket");
    expect(client.events.find((e) => e.type === "message")!.message).toEqual(reply.body.ticketMessage);

    const note = await call("reply-ticket", { ticketId, body: "<p>Secret</p>", internal: true }, { cookie: dana.cookie });
    expect(note.status).toBe(200);
    await until(() => staff.events.filter((e) => e.type === "message").length === 2, "the note on staff's socket");
    await settle();
    expect(client.events.filter((e) => e.type === "message")).toHaveLength(1);
    expect(JSON.stringify(client.events)).not.toContain("Secret");
    client.ws.close();
    staff.ws.close();
  });

  it("relays typing to the other side without storing it", async () => {
    const ana = await createUser();
    const dana = await desk();
    const ticketId = await open(ana);
    const client = await socket(ana, ticketId);
    const staff = await socket(dana, ticketId);
    const before = await env.DB.prepare("SELECT count(*) AS n FROM ticket_messages WHERE ticketId = ?1")
      .bind(ticketId)
      .first("n");

    client.ws.send(JSON.stringify({ type: "typing" }));
    await until(() => staff.events.some((e) => e.type === "typing"), "typing on staff's socket");
    expect(staff.events.find((e) => e.type === "typing")).toEqual({ type: "typing", userName: "Test User", staff: false });
    await settle();
    expect(client.events.some((e) => e.type === "typing")).toBe(false);
    client.ws.send("not json");
    client.ws.send(JSON.stringify({ type: "message", message: { body: "<script>x</script>" } }));
    await settle();
    expect(staff.events.filter((e) => e.type !== "typing")).toEqual([]);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM ticket_messages WHERE ticketId = ?1").bind(ticketId).first("n");
    expect(after).toBe(before);
    client.ws.close();
    staff.ws.close();
  });

  it("pushes read marks, a staff mark capped at what the client may see; chat-seen answers the other side's", async () => {
    const ana = await createUser();
    const ben = await createUser();
    const dana = await desk();
    const ticketId = await open(ana);
    await call("reply-ticket", { ticketId, body: "<p>Answer</p>" }, { cookie: dana.cookie });
    const client = await socket(ana, ticketId);
    expect((await call("chat-seen", { ticketId }, { cookie: ana.cookie })).body).toEqual({ seenSeq: 2 });
    expect((await call("chat-seen", { ticketId }, { cookie: dana.cookie })).body).toEqual({ seenSeq: 1 });

    await call("update-ticket", { ticketId, read: true }, { cookie: ana.cookie });
    expect((await call("chat-seen", { ticketId }, { cookie: dana.cookie })).body).toEqual({ seenSeq: 2 });

    await call("reply-ticket", { ticketId, body: "<p>Note</p>", internal: true }, { cookie: dana.cookie });
    await call("update-ticket", { ticketId, read: true }, { cookie: dana.cookie });
    const staffRead = () => client.events.find((e) => e.type === "read" && e.staff);
    await until(() => staffRead() !== undefined, "staff's read mark on the client's socket");
    expect(staffRead()).toEqual({ type: "read", staff: true, seq: 2 });
    expect((await call("chat-seen", { ticketId }, { cookie: ana.cookie })).body).toEqual({ seenSeq: 2 });

    const other = await call("chat-seen", { ticketId }, { cookie: ben.cookie });
    expect(other.status).toBe(404);
    client.ws.close();
  });
});
