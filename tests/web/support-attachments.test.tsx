import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import en from "../../web/src/features/support/locales/en.json";
import SupportPage from "../../web/src/features/support/pages/SupportPage";
import { callsTo, listOf, mockApi, ok, renderAt, setupPageTests, signIn, type Body } from "./page-support";

// TipTap needs a layout engine happy-dom lacks; the reply form's files are what is tested here.
vi.mock("../../web/src/components/RichTextEditor", () => ({
  default: ({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) => (
    <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value ? `<p>${e.target.value}</p>` : "")} />
  ),
}));

setupPageTests({ support: en });

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
  preview: "Receipt attached",
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
  body: "<p>Receipt attached</p>",
  internal: false,
  attachments: [{ attachmentId: 31, name: "receipt.pdf", type: "application/pdf", size: 2_621_440 }],
  createdAt: "2026-11-30T09:00:00.000Z",
};

const clientRules = [{ action: "read", subject: "Ticket", conditions: { userId: 2 } }];

function openThread(extra: Record<string, unknown> = {}) {
  signIn("client", clientRules);
  mockApi({
    "search-ticket": ok({ data: [TICKET], total: 1, page: 1, limit: 10, unread: { inbox: 0, starred: 0, spam: 0, trash: 0 } }),
    "ticket-detail": ok({ ticket: TICKET, messages: [MESSAGE] }),
    ...extra,
  } as Parameters<typeof mockApi>[0]);
  renderAt("/apps/email/inbox?ticket=7", SupportPage, "/apps/email/:filter");
}

const pick = (files: File[]) => fireEvent.change(screen.getByTestId("attach-input"), { target: { files } });

describe("ticket attachments in the thread", () => {
  it("shows a message's files as chips with their size, each downloading through ticket-attachment", async () => {
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    openThread({ "ticket-attachment": ok("%PDF-1.4") });
    const chip = await screen.findByTestId("attachment-chip");
    expect(chip.textContent).toContain("receipt.pdf");
    expect(chip.textContent).toContain("2.5 MB");
    fireEvent.click(chip);
    await waitFor(() => expect(callsTo("ticket-attachment").at(-1)?.body).toEqual({ attachmentId: 31 }));
  });

  it("attaches files to a reply as chips that can be removed, and sends them as multipart", async () => {
    const reply = vi.fn((body: Body) =>
      ok({
        message: "Reply sent.",
        ticketMessage: { ...MESSAGE, messageId: 2, seq: 2, body: String(body.body), attachments: [] },
      }),
    );
    openThread({ "reply-ticket": reply });
    const form = await screen.findByRole("form", { name: en.reply });
    pick([new File(["a"], "screen.png", { type: "image/png" }), new File(["b"], "notes.txt", { type: "text/plain" })]);
    const chosen = within(form).getAllByTestId("chosen-file");
    expect(chosen.map((c) => c.textContent)).toEqual([
      expect.stringContaining("screen.png"),
      expect.stringContaining("notes.txt"),
    ]);
    expect(chosen[0]!.textContent).toContain("1 kB");
    fireEvent.click(within(form).getByRole("button", { name: en.attachments.remove.replace("{{name}}", "notes.txt") }));
    expect(within(form).getAllByTestId("chosen-file")).toHaveLength(1);

    fireEvent.change(within(form).getByLabelText(en.reply), { target: { value: "Here it is" } });
    fireEvent.click(within(form).getByRole("button", { name: en.send }));
    await waitFor(() => expect(callsTo("reply-ticket")).toHaveLength(1));
    const sent = callsTo("reply-ticket")[0]!.body;
    expect(sent).toMatchObject({ ticketId: "7", body: "<p>Here it is</p>" });
    expect((sent.attachments as File).name).toBe("screen.png");
    await waitFor(() => expect(within(form).queryAllByTestId("chosen-file")).toHaveLength(0));
  });

  it("refuses a file over 10 MB and a sixth file before sending, with a clear message", async () => {
    openThread();
    const form = await screen.findByRole("form", { name: en.reply });
    pick([new File([new Uint8Array(10 * 1024 * 1024 + 1)], "video.png")]);
    expect(within(form).getByRole("alert").textContent).toBe("“video.png” is over 10 MB: each file may be 10 MB at most.");
    expect(within(form).queryAllByTestId("chosen-file")).toHaveLength(0);

    pick(Array.from({ length: 6 }, (_, i) => new File(["x"], `p${i}.png`)));
    expect(within(form).getByRole("alert").textContent).toBe("At most 5 files per message.");
    expect(within(form).queryAllByTestId("chosen-file")).toHaveLength(0);
  });

  it("sends a new ticket's files: saved as a draft first, then sent with them as multipart", async () => {
    signIn("client", clientRules);
    const opened = vi.fn((body: Body) =>
      ok({
        message: body.draft === true ? "Draft saved." : "Ticket sent.",
        ticket: { ...TICKET, ticketId: 9, draft: body.draft === true },
      }),
    );
    mockApi({ "open-ticket": opened, "search-ticket": listOf([]) } as Parameters<typeof mockApi>[0]);
    renderAt("/apps/email/inbox?compose=payment&about=ref_1", SupportPage, "/apps/email/:filter");
    const form = await screen.findByRole("form", { name: en.compose });
    fireEvent.change(await within(form).findByLabelText(en.message), { target: { value: "Receipt attached" } });
    pick([new File(["%PDF-1.4"], "receipt.pdf", { type: "application/pdf" })]);
    expect(within(form).getByTestId("chosen-file").textContent).toContain("receipt.pdf");
    fireEvent.click(within(form).getByRole("button", { name: en.send }));
    await waitFor(() => expect(callsTo("open-ticket")).toHaveLength(2));
    const [draft, sent] = callsTo("open-ticket");
    expect(draft!.body).toMatchObject({ draft: true, about: { kind: "payment", id: "ref_1" } });
    expect(sent!.body).toMatchObject({ ticketId: "9", draft: "false", body: "<p>Receipt attached</p>" });
    expect((sent!.body.attachments as File).name).toBe("receipt.pdf");
  });
});
