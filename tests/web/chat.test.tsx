import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import { textToHtml } from "../../web/src/features/chat/api";
import en from "../../web/src/features/chat/locales/en.json";
import ChatPage from "../../web/src/features/chat/pages/ChatPage";
import { callsTo, mockApi, ok, renderAt, setupPageTests, signIn, viewAsAnswer, type Body } from "./page-support";

setupPageTests({ chat: en });

const TICKET = {
  ticketId: 7,
  userId: 2,
  userName: "Ana Client",
  subject: "My transfer is not confirmed",
  label: "payment",
  status: "open",
  draft: false,
  about: null,
  assigneeId: null,
  assigneeName: null,
  preview: "I paid on Monday",
  folder: "inbox",
  starred: false,
  unread: false,
  lastMessageAt: "2026-11-30T10:00:00.000Z",
  createdAt: "2026-11-30T09:00:00.000Z",
};

const message = (seq: number, staff: boolean, body: string) => ({
  messageId: 100 + seq,
  seq,
  author: { userId: staff ? 1 : 2, userName: staff ? "Desk Dana" : "Ana Client", staff },
  body,
  internal: false,
  attachments: [],
  createdAt: "2026-11-30T09:00:00.000Z",
});

const FIRST = message(
  1,
  false,
  '<p>I paid on <strong>Monday</strong> <a href="javascript:alert(1)">x</a></p><script>alert(1)</script>',
);
const clientRules = [{ action: "read", subject: "Ticket", conditions: { userId: 2 } }];

/** A WebSocket the test drives: `open()`, `push(event)`, `fail()`; every one made is kept in `sockets`. */
class FakeSocket {
  static readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    sockets.push(this);
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    act(() => this.onopen?.());
  }
  push(event: object) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) }));
  }
  fail() {
    act(() => this.close());
  }
}
let sockets: FakeSocket[] = [];

function answers(thread: () => object[] = () => [FIRST]) {
  return {
    "search-ticket": ok({ data: [TICKET], total: 1, page: 1, limit: 50, unread: { inbox: 0, starred: 0, spam: 0, trash: 0 } }),
    "ticket-detail": () => ok({ ticket: TICKET, messages: thread() }),
    "chat-seen": ok({ seenSeq: 0 }),
    "update-ticket": ok({ message: "Ticket updated.", ticket: TICKET }),
    "reply-ticket": (body: Body) => ok({ message: "Reply sent.", ticketMessage: { ...message(3, false, String(body.body)) } }),
  };
}

beforeEach(() => {
  sockets = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});

describe("live chat at /apps/chat", () => {
  it("is a fixed-height route with a menu entry, and escapes what the composer sends", () => {
    expect(appRoutes.find((route) => route.path === "/apps/chat")?.meta).toMatchObject({ fixedHeight: true, subject: "Ticket" });
    expect(navItems.find((item) => item.to === "/apps/chat")?.section).toBe("apps");
    expect(textToHtml("a <b>\nline\n\nnext")).toBe("<p>a &lt;b&gt;<br>line</p><p>next</p>");
  });

  it("lists the conversations, and on a phone the thread is a second screen with a way back", async () => {
    signIn("client", clientRules);
    mockApi(answers());
    const location = renderAt("/apps/chat", ChatPage);
    const list = await screen.findByTestId("conversations");
    expect(within(list).getByText("My transfer is not confirmed")).toBeTruthy();
    expect(screen.getByText(en.pick)).toBeTruthy();
    expect(list.parentElement!.className).toContain("flex-1");

    fireEvent.click(within(list).getByRole("button"));
    await screen.findAllByTestId("chat-message");
    expect(location.history!.at(-1)).toBe("/apps/chat?ticket=7");
    // Under 600 px (Tailwind's sm, styles.css) only the thread shows; from 600 px both panes do.
    expect(screen.getByTestId("conversations").parentElement!.className).toMatch(/(^| )hidden sm:flex/);
    fireEvent.click(screen.getByRole("button", { name: en.back }));
    await waitFor(() => expect(location.history!.at(-1)).toBe("/apps/chat"));
    expect(screen.getByTestId("conversations").parentElement!.className).not.toContain("hidden");
  });

  it("rebuilds a bubble from the allow-list: markup kept, scripts and unsafe links gone", async () => {
    signIn("client", clientRules);
    mockApi(answers());
    renderAt("/apps/chat?ticket=7", ChatPage, "/apps/chat");
    const [bubble] = await screen.findAllByTestId("chat-message");
    expect(within(bubble!).getByText("Monday").tagName).toBe("STRONG");
    expect(bubble!.querySelector("script, iframe, a")).toBeNull();
    expect(bubble!.textContent).not.toContain("alert");
  });

  it("shows a pushed message, the other side typing and its read mark, and sends typing and messages", async () => {
    signIn("client", clientRules);
    mockApi(answers());
    renderAt("/apps/chat?ticket=7", ChatPage, "/apps/chat");
    await screen.findAllByTestId("chat-message");
    expect(sockets[0]!.url).toMatch(/^ws:\/\/[^/]+\/api\/chat\/7$/);
    sockets[0]!.open();
    expect(screen.getByTestId("chat-connection").textContent).toBe(en.live);

    sockets[0]!.push({ type: "typing", userName: "Desk Dana", staff: true });
    expect(screen.getByTestId("chat-typing").textContent).toBe("Desk Dana is typing…");
    sockets[0]!.push({ type: "message", message: message(2, true, "<p>We see it now</p>") });
    expect(await screen.findByText("We see it now")).toBeTruthy();
    expect(screen.getByTestId("chat-typing").textContent).toBe("");
    // What the other side wrote is marked read.
    await waitFor(() => expect(callsTo("update-ticket").at(-1)?.body).toEqual({ ticketId: 7, read: true }));

    expect(screen.getByTestId("chat-read-mark").textContent).toBe(en.sent);
    sockets[0]!.push({ type: "read", staff: true, seq: 1 });
    await waitFor(() => expect(screen.getByTestId("chat-read-mark").textContent).toBe(en.seen));

    fireEvent.change(screen.getByLabelText(en.message), { target: { value: "Thanks <3" } });
    expect(sockets[0]!.sent).toContain(JSON.stringify({ type: "typing" }));
    fireEvent.click(screen.getByRole("button", { name: en.send }));
    await waitFor(() => expect(callsTo("reply-ticket")).toHaveLength(1));
    expect(callsTo("reply-ticket")[0]!.body).toEqual({ ticketId: 7, body: "<p>Thanks &lt;3</p>", internal: false });
    expect(await screen.findByText("Thanks <3")).toBeTruthy();
  });

  it("viewing as the client, sends no typing and no read mark", async () => {
    signIn("client", clientRules);
    mockApi({ ...answers(), me: viewAsAnswer });
    renderAt("/apps/chat?ticket=7", ChatPage, "/apps/chat");
    await waitFor(() => expect(callsTo("me")).toHaveLength(1));
    await screen.findAllByTestId("chat-message");
    sockets[0]!.open();
    sockets[0]!.push({ type: "message", message: message(2, true, "<p>We see it now</p>") });
    expect(await screen.findByText("We see it now")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.message), { target: { value: "Thanks" } });
    expect(sockets[0]!.sent).toEqual([]);
    expect(callsTo("update-ticket")).toEqual([]);
  });

  it("polls the thread every 3 s while the socket cannot open, and retries the socket", async () => {
    signIn("client", clientRules);
    let thread = [FIRST];
    mockApi(answers(() => thread));
    renderAt("/apps/chat?ticket=7", ChatPage, "/apps/chat");
    await screen.findAllByTestId("chat-message");
    sockets[0]!.fail();
    expect(screen.getByTestId("chat-connection").textContent).toBe(en.polling);
    const asked = callsTo("ticket-detail").length;
    thread = [FIRST, message(2, true, "<p>Polled reply</p>")];
    expect(await screen.findByText("Polled reply", {}, { timeout: 4500 })).toBeTruthy();
    expect(callsTo("ticket-detail").length).toBeGreaterThan(asked);
    // The first retry came after 1 s.
    expect(sockets.length).toBeGreaterThan(1);
  }, 10_000);
});
