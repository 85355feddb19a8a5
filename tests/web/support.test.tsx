import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import { viewOf } from "../../web/src/features/support/api";
import { SupportCard } from "../../web/src/features/dashboard/components/SupportCard";
import dashboardEn from "../../web/src/features/dashboard/locales/en.json";
import en from "../../web/src/features/support/locales/en.json";
import SupportPage from "../../web/src/features/support/pages/SupportPage";
import {
  callsTo,
  listOf,
  mockApi,
  ok,
  renderAt,
  renderRoutes,
  setupPageTests,
  signIn,
  viewAsAnswer,
  type Body,
} from "./page-support";

// TipTap needs a layout engine happy-dom lacks; the page's own behaviour is what is tested here.
vi.mock("../../web/src/components/RichTextEditor", () => ({
  default: ({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value ? `<p>${e.target.value}</p>` : "")} />
  ),
}));

setupPageTests({ support: en, dashboard: dashboardEn });

const TICKET = {
  ticketId: 7,
  userId: 2,
  userName: "Ana Client",
  subject: "My transfer is not confirmed",
  label: "payment",
  status: "open",
  draft: false,
  about: { kind: "payment", id: "ref_123456789012345678901" },
  assigneeId: null,
  assigneeName: null,
  preview: "I paid on Monday",
  folder: "inbox",
  starred: false,
  unread: true,
  lastMessageAt: "2026-11-30T10:00:00.000Z",
  createdAt: "2026-11-30T09:00:00.000Z",
};

const MESSAGES = [
  {
    messageId: 1,
    seq: 1,
    author: { userId: 2, userName: "Ana Client", staff: false },
    body: "<p>I paid on <strong>Monday</strong></p>",
    internal: false,
    attachments: [],
    createdAt: "2026-11-30T09:00:00.000Z",
  },
];

const unread = { inbox: 3, starred: 0, spam: 0, trash: 0 };
const clientRules = [{ action: "read", subject: "Ticket", conditions: { userId: 2 } }];

function answers(extra: Record<string, unknown> = {}) {
  return {
    "search-ticket": ok({ data: [TICKET], total: 1, page: 1, limit: 10, unread }),
    "ticket-detail": ok({ ticket: TICKET, messages: MESSAGES }),
    "update-ticket": ok({ message: "Ticket updated.", ticket: { ...TICKET, unread: false } }),
    ...extra,
  } as Parameters<typeof mockApi>[0];
}

describe("the support desk at /apps/email", () => {
  it("is in the route table and the apps menu in each path form", () => {
    for (const path of ["/apps/email", "/apps/email/:filter", "/apps/email/filter/:filter", "/apps/email/label/:label"]) {
      expect(appRoutes.find((route) => route.path === path)?.meta?.fixedHeight, path).toBe(true);
    }
    expect(navItems.find((item) => item.to === "/apps/email")?.section).toBe("apps");
  });

  it("reads folders and labels from the path", () => {
    expect(viewOf({})).toEqual({ folder: "inbox" });
    expect(viewOf({ filter: "trash" })).toEqual({ folder: "trash" });
    expect(viewOf({ filter: "job" })).toEqual({ folder: "inbox", label: "job" });
    expect(viewOf({ label: "account" })).toEqual({ folder: "inbox", label: "account" });
    expect(viewOf({ filter: "nonsense" })).toEqual({ folder: "inbox" });
  });

  it("lists a folder with its unread counts, and sends the label a path names", async () => {
    signIn("client", clientRules);
    mockApi(answers());
    renderAt("/apps/email/label/payment", SupportPage, "/apps/email/label/:label");
    expect(await screen.findByText("My transfer is not confirmed")).toBeTruthy();
    expect(callsTo("search-ticket").at(-1)!.body).toMatchObject({ folder: "inbox", label: "payment", page: 1, limit: 10 });
    expect(screen.getByLabelText("3 unread")).toBeTruthy();
  });

  it("opens a thread in a sandboxed frame, marks it read, and offers the client no internal note", async () => {
    signIn("client", clientRules);
    mockApi(answers());
    renderAt("/apps/email/inbox", SupportPage, "/apps/email/:filter");
    fireEvent.click(await screen.findByText("My transfer is not confirmed"));
    const frame = (await screen.findByTitle("Message from Ana Client")) as HTMLIFrameElement;
    expect(frame.getAttribute("sandbox")).not.toContain("allow-scripts");
    expect(frame.getAttribute("srcdoc")).toContain("<strong>Monday</strong>");
    await waitFor(() => expect(callsTo("update-ticket").at(-1)?.body).toEqual({ ticketId: 7, read: true }));
    expect(screen.queryByLabelText(en.internalNote)).toBeNull();
    expect(screen.getByRole("button", { name: en.closeTicket })).toBeTruthy();
  });

  it("viewing as the client, opens a thread without marking it read", async () => {
    signIn("client", clientRules);
    mockApi({ ...answers(), me: viewAsAnswer });
    renderAt("/apps/email/inbox?ticket=7", SupportPage, "/apps/email/:filter");
    await waitFor(() => expect(callsTo("me")).toHaveLength(1));
    expect(await screen.findByTitle("Message from Ana Client")).toBeTruthy();
    await waitFor(() => expect(callsTo("ticket-detail")).toHaveLength(1));
    expect(callsTo("update-ticket")).toEqual([]);
  });

  it("lets staff send an internal note", async () => {
    signIn("admin", [{ action: "manage", subject: "all" }]);
    const reply = vi.fn((body: Body) =>
      ok({ message: "Note added.", ticketMessage: { ...MESSAGES[0], messageId: 2, seq: 2, body: body.body, internal: true } }),
    );
    mockApi(answers({ "reply-ticket": reply }));
    renderAt("/apps/email/inbox?ticket=7", SupportPage, "/apps/email/:filter");
    const form = await screen.findByRole("form", { name: en.reply });
    fireEvent.change(within(form).getByLabelText(en.reply), { target: { value: "Checked the bank" } });
    fireEvent.click(within(form).getByLabelText(en.internalNote));
    fireEvent.click(within(form).getByRole("button", { name: en.addNote }));
    await waitFor(() =>
      expect(callsTo("reply-ticket").at(-1)?.body).toEqual({ ticketId: 7, body: "<p>Checked the bank</p>", internal: true }),
    );
  });

  it("opens compose prefilled from a payment's 'Get help with this', autosaves a draft, then sends it", async () => {
    signIn("client", clientRules);
    const ref = "ref_123456789012345678901";
    const opened = vi.fn((body: Body) =>
      ok({
        message: body.draft ? "Draft saved." : "Ticket sent.",
        ticket: { ...TICKET, ticketId: 9, draft: body.draft === true },
      }),
    );
    mockApi(answers({ "open-ticket": opened, "search-ticket": listOf([]) }));
    renderAt(`/apps/email/inbox?compose=payment&about=${ref}`, SupportPage, "/apps/email/:filter");
    const subject = (await screen.findByLabelText(en.subject)) as HTMLInputElement;
    expect(subject.value).toBe(`Help with About payment ${ref}`);
    expect(screen.getByTestId("compose-about").textContent).toContain(ref);
    fireEvent.change(await screen.findByLabelText(en.message), { target: { value: "Still pending" } });
    await waitFor(() => expect(callsTo("open-ticket").length).toBe(1), { timeout: 3000 });
    expect(callsTo("open-ticket")[0]!.body).toMatchObject({ draft: true, about: { kind: "payment", id: ref }, label: "payment" });
    fireEvent.click(screen.getByRole("button", { name: en.send }));
    await waitFor(() => expect(callsTo("open-ticket").at(-1)?.body).toMatchObject({ draft: false, ticketId: 9 }));
  });
});

describe("the CRM dashboard's support card", () => {
  it("shows the open tickets and the median first response", async () => {
    signIn("admin", [{ action: "manage", subject: "all" }]);
    mockApi({
      "support-stats": ok({ openTickets: 12, openTicketsCapped: false, answeredTickets: 5, medianFirstResponseMinutes: 20.4 }),
    });
    renderRoutes("/", [["/", SupportCard]]);
    const card = await screen.findByTestId("support-card");
    await waitFor(() => expect(within(card).getByText("20 min")).toBeTruthy());
    expect(within(card).getByText("12")).toBeTruthy();
  });
});
