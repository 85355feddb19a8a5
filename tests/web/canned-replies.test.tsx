import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import en from "../../web/src/features/support/locales/en.json";
import CannedRepliesPage from "../../web/src/features/support/pages/CannedRepliesPage";
import SupportPage from "../../web/src/features/support/pages/SupportPage";
import { callsTo, fail, mockApi, ok, renderAt, setupPageTests, signIn, type Body } from "./page-support";

// TipTap needs a layout engine happy-dom lacks: a textarea stands in for the editor.
vi.mock("../../web/src/components/RichTextEditor", () => ({
  default: ({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value ? `<p>${e.target.value}</p>` : "")} />
  ),
}));

setupPageTests({ support: en });

const staffRules = [{ action: "manage", subject: "Ticket" }];
const CANNED = [
  {
    cannedReplyId: 1,
    language: "en",
    name: "Transfer received",
    body: "<p>We got your transfer.</p>",
    updatedAt: "2026-11-30T09:00:00.000Z",
  },
  { cannedReplyId: 2, language: "fr", name: "Virement reçu", body: "<p>Bien reçu.</p>", updatedAt: "2026-11-30T09:00:00.000Z" },
];
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
  preview: "I paid",
  folder: "inbox",
  starred: false,
  unread: false,
  lastMessageAt: "2026-11-30T10:00:00.000Z",
  createdAt: "2026-11-30T09:00:00.000Z",
};
const MESSAGE = {
  messageId: 1,
  seq: 1,
  author: { userId: 2, userName: "Ana Client", staff: false },
  body: "<p>I paid</p>",
  internal: false,
  attachments: [],
  createdAt: "2026-11-30T09:00:00.000Z",
};
const desk = {
  "search-ticket": ok({ data: [TICKET], total: 1, page: 1, limit: 10, unread: { inbox: 0, starred: 0, spam: 0, trash: 0 } }),
  "ticket-detail": ok({ ticket: TICKET, messages: [MESSAGE] }),
  "search-canned-reply": ok({ cannedReplies: CANNED }),
};

describe("canned replies", () => {
  it("have a staff-only page in the route table", () => {
    expect(appRoutes.find((route) => route.path === "/apps/email/canned-replies")?.meta).toMatchObject({
      action: "manage",
      subject: "Ticket",
    });
  });

  it("are inserted into staff's reply, grouped by language, and sent with it", async () => {
    signIn({ userId: 5, userName: "Desk Dana", role: "support" }, staffRules);
    const reply = vi.fn((body: Body) =>
      ok({ message: "Reply sent.", ticketMessage: { ...MESSAGE, messageId: 2, seq: 2, body: body.body } }),
    );
    mockApi({ ...desk, "reply-ticket": reply });
    renderAt("/apps/email/inbox?ticket=7", SupportPage, "/apps/email/:filter");
    const form = await screen.findByRole("form", { name: en.reply });
    const picker = await within(form).findByRole("combobox", { name: en.canned.insert });
    await waitFor(() => expect(within(picker).getAllByRole("option")).toHaveLength(3));
    expect(within(picker).getByRole("group", { name: en.canned.languages.fr })).toBeTruthy();
    fireEvent.change(picker, { target: { value: "1" } });
    await waitFor(() =>
      expect((within(form).getByLabelText(en.reply) as HTMLTextAreaElement).value).toBe("<p>We got your transfer.</p>"),
    );
    fireEvent.click(within(form).getByRole("button", { name: en.send }));
    await waitFor(() =>
      expect(callsTo("reply-ticket").at(-1)?.body).toEqual({
        ticketId: 7,
        body: "<p>We got your transfer.</p>",
        internal: false,
      }),
    );
  });

  it("are never offered to, nor asked for by, a client", async () => {
    signIn("client", [{ action: "read", subject: "Ticket", conditions: { userId: 2 } }]);
    mockApi(desk);
    renderAt("/apps/email/inbox?ticket=7", SupportPage, "/apps/email/:filter");
    const form = await screen.findByRole("form", { name: en.reply });
    expect(within(form).queryByRole("combobox", { name: en.canned.insert })).toBeNull();
    expect(screen.queryByRole("link", { name: en.canned.title })).toBeNull();
    expect(callsTo("search-canned-reply")).toEqual([]);
  });

  it("are added, edited and deleted after a confirmation on their page", async () => {
    signIn({ userId: 5, userName: "Desk Dana", role: "support" }, staffRules);
    const saved = vi.fn((body: Body) =>
      ok({ message: "Canned reply added.", cannedReply: { ...CANNED[0], ...body, cannedReplyId: 3 } }),
    );
    mockApi({
      "search-canned-reply": ok({ cannedReplies: CANNED }),
      "save-canned-reply": saved,
      "delete-canned-reply": ok({ message: "Canned reply deleted." }),
    });
    renderAt("/apps/email/canned-replies", CannedRepliesPage);
    expect(await screen.findAllByTestId("canned-reply")).toHaveLength(2);

    fireEvent.change(screen.getByLabelText(en.canned.name), { target: { value: "Refund on its way" } });
    fireEvent.change(screen.getByLabelText(en.canned.text), { target: { value: "Your refund is on its way." } });
    fireEvent.click(screen.getByRole("button", { name: en.canned.save }));
    await waitFor(() =>
      expect(callsTo("save-canned-reply").at(-1)?.body).toEqual({
        name: "Refund on its way",
        language: "en",
        body: "<p>Your refund is on its way.</p>",
      }),
    );

    fireEvent.click(screen.getByRole("button", { name: "Edit Virement reçu" }));
    expect((screen.getByLabelText(en.canned.name) as HTMLInputElement).value).toBe("Virement reçu");
    expect((screen.getByLabelText(en.canned.language) as HTMLSelectElement).value).toBe("fr");
    fireEvent.click(screen.getByRole("button", { name: en.canned.save }));
    await waitFor(() => expect(callsTo("save-canned-reply").at(-1)?.body).toMatchObject({ cannedReplyId: 2, language: "fr" }));

    fireEvent.click(screen.getByRole("button", { name: "Delete Transfer received" }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    expect(callsTo("delete-canned-reply")).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: en.canned.delete, hidden: true }));
    await waitFor(() => expect(callsTo("delete-canned-reply").at(-1)?.body).toEqual({ cannedReplyId: 1 }));
  });

  it("say so when there are none, and when they cannot be loaded", async () => {
    signIn({ userId: 5, userName: "Desk Dana", role: "support" }, staffRules);
    mockApi({ "search-canned-reply": ok({ cannedReplies: [] }) });
    renderAt("/apps/email/canned-replies", CannedRepliesPage);
    expect(await screen.findByText(en.canned.empty)).toBeTruthy();
  });

  it("offer a retry when the list cannot be loaded", async () => {
    signIn({ userId: 5, userName: "Desk Dana", role: "support" }, staffRules);
    mockApi({ "search-canned-reply": fail(500, "Down") });
    renderAt("/apps/email/canned-replies", CannedRepliesPage);
    expect(await screen.findByText(en.canned.loadFailed)).toBeTruthy();
  });
});
