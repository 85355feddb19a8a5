import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import apikeysEn from "../../web/src/features/apikeys/locales/en.json";
import ApiKeysPage from "../../web/src/features/apikeys/pages/ApiKeysPage";
import auditEn from "../../web/src/features/audit/locales/en.json";
import AuditPage from "../../web/src/features/audit/pages/AuditPage";
import outboxEn from "../../web/src/features/outbox/locales/en.json";
import OutboxPage from "../../web/src/features/outbox/pages/OutboxPage";
import { calls, fail, listOf, mockApi, ok, renderAt, setupPageTests, signIn, signInAsAdmin } from "./page-support";

const KEY = {
  apiKeyId: 3,
  keyName: "Agent one",
  keyPrefix: "pk_abcdefg",
  createdAt: "2026-01-02T00:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
};

setupPageTests({ apikeys: apikeysEn, audit: auditEn, outbox: outboxEn });

describe("API keys page", () => {
  it("shows a new key once, with copy, and reloads the list", async () => {
    signInAsAdmin();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    let listed = [KEY];
    mockApi({
      "search-apikey": () => listOf(listed),
      "create-apikey": () => {
        listed = [{ ...KEY, apiKeyId: 4, keyName: "Agent two", keyPrefix: "pk_zzzzzzz" }, KEY];
        return ok({ message: "API key created.", key: "pk_zzzzzzzSECRET", apiKey: listed[0] });
      },
    });
    renderAt("/apps/api-keys", ApiKeysPage);
    expect(await screen.findByText("Agent one")).toBeTruthy();
    expect(screen.getByText(apikeysEn.never)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(apikeysEn.name), { target: { value: "Agent two" } });
    fireEvent.click(screen.getByRole("button", { name: apikeysEn.create }));
    expect((await screen.findByTestId("new-api-key")).textContent).toBe("pk_zzzzzzzSECRET");
    expect(await screen.findByText("Agent two")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: apikeysEn.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("pk_zzzzzzzSECRET"));
    expect(await screen.findByRole("button", { name: apikeysEn.copied })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: apikeysEn.done }));
    expect(screen.queryByTestId("new-api-key")).toBeNull();
    expect(calls.find((c) => c.name === "create-apikey")!.body).toEqual({ keyName: "Agent two" });
  });

  it("asks before revoking and shows the server's reason when it fails", async () => {
    signInAsAdmin();
    mockApi({ "search-apikey": listOf([KEY]), "revoke-apikey": fail(409, "This API key is already revoked.") });
    renderAt("/apps/api-keys", ApiKeysPage);
    fireEvent.click(await screen.findByRole("button", { name: apikeysEn.revoke }));
    const dialog = await screen.findByRole("dialog");
    expect(calls.some((c) => c.name === "revoke-apikey")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: apikeysEn.revoke }));
    expect(await screen.findByText("Failed to revoke API key: This API key is already revoked.")).toBeTruthy();
  });

  it("lets a read-only role see keys but not create or revoke them", async () => {
    signIn({ userId: 4, userName: "Sam", role: "support" }, [{ action: "read", subject: "all" }]);
    mockApi({ "search-apikey": listOf([KEY]) });
    renderAt("/apps/api-keys", ApiKeysPage);
    expect(await screen.findByText("Agent one")).toBeTruthy();
    expect(screen.queryByRole("button", { name: apikeysEn.create })).toBeNull();
    expect(screen.queryByRole("button", { name: apikeysEn.revoke })).toBeNull();
  });
});

describe("audit log page", () => {
  it("puts a detail's codes and flags in words (a vendor's login method, yes and no)", async () => {
    signInAsAdmin();
    mockApi({
      "search-audit": listOf([
        {
          auditId: 2,
          actorId: 1,
          actorEmail: "admin@example.test",
          action: "create-vendor",
          subject: "Vendor",
          subjectId: "7",
          outcome: "ok",
          detail: { vendorName: "Mirror", loginMethod: "email", vendorIsActive: true, secretChanged: false },
          ip: "203.0.113.1",
          createdAt: "2026-01-02T00:00:00.000Z",
        },
      ]),
    });
    renderAt("/apps/audit-log", AuditPage);
    expect(await screen.findByText(auditEn.detailValue.loginMethod.email)).toBeTruthy();
    expect(screen.getByText(auditEn.detailKey.loginMethod)).toBeTruthy();
    expect(screen.getByText(auditEn.detailKey.secretChanged)).toBeTruthy();
    expect(screen.getByText("Yes")).toBeTruthy();
    expect(screen.getByText("No")).toBeTruthy();
    expect(screen.queryByText(/^(email|true|false|loginMethod)$/)).toBeNull();
  });

  it("lists entries and searches by the URL-kept text and outcome", async () => {
    signInAsAdmin();
    mockApi({
      "search-audit": listOf([
        {
          auditId: 1,
          actorId: 1,
          actorEmail: "admin@example.test",
          action: "adjust-quota",
          subject: "Quota",
          subjectId: "5",
          outcome: "ok",
          detail: { delta: 5 },
          ip: "203.0.113.1",
          createdAt: "2026-01-02T00:00:00.000Z",
        },
      ]),
    });
    const location = renderAt("/apps/audit-log", AuditPage);
    // The action, subject and detail in words, not codes and raw JSON.
    expect(await screen.findByText(auditEn.actionName["adjust-quota"])).toBeTruthy();
    expect(screen.getByText("Points #5")).toBeTruthy();
    expect(screen.getByText(auditEn.detailKey.delta)).toBeTruthy();
    expect(screen.queryByText(/adjust-quota|\{"delta"/)).toBeNull();
    fireEvent.change(screen.getByLabelText(auditEn.searchPlaceholder), { target: { value: "login" } });
    fireEvent.change(screen.getByLabelText(auditEn.outcome), { target: { value: "denied" } });
    await waitFor(() =>
      expect(calls.filter((c) => c.name === "search-audit").at(-1)!.body).toMatchObject({
        search: "login",
        outcome: "denied",
        limit: 10,
      }),
    );
    expect(location.history!.at(-1)).toContain("search=login");
  });

  it("shows the empty text", async () => {
    signInAsAdmin();
    mockApi({ "search-audit": listOf([]) });
    renderAt("/apps/audit-log", AuditPage);
    expect(await screen.findByText(auditEn.empty)).toBeTruthy();
  });
});

describe("outbox page", () => {
  const mail = {
    mailId: 9,
    toEmail: "new@example.test",
    mailKind: "verify-email",
    mailSubject: "Confirm your email",
    mailBody: "Open https://portal.test/verify?token=abc",
    status: "failed",
    attempts: 5,
    lastError: "the mail API answered 503",
    createdAt: "2026-01-02T00:00:00.000Z",
    sentAt: null,
  };

  it("opens a mail's text and sandboxed HTML, and sends it again; shows nothing to open to those who may not manage it", async () => {
    signInAsAdmin();
    mockApi({
      "search-outbox": listOf([mail]),
      "outbox-preview": ok({
        ...mail,
        mailHtml: "<!doctype html><html><body><p>Open</p><script>parent.steal()</script></body></html>",
        attachment: "invoice:SW52b2ljZS1yZWZlcmVuY2UtMDAx",
        unsubscribeUrl: null,
      }),
      "resend-mail": ok({ message: "The mail is queued again.", mailId: 10 }),
    });
    renderAt("/apps/outbox", OutboxPage);
    fireEvent.click(await screen.findByRole("button", { name: "Confirm your email" }));
    const dialog = await screen.findByRole("dialog");
    const frame = (await within(dialog).findByTestId("mail-html")) as HTMLIFrameElement;
    // Shown, never trusted: the frame may run nothing and reach nothing of the app.
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toContain("<p>Open</p>");
    expect(within(dialog).getByText("invoice:SW52b2ljZS1yZWZlcmVuY2UtMDAx")).toBeTruthy();
    expect(within(dialog).getByText("the mail API answered 503")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("tab", { name: "Text" }));
    expect(within(dialog).getByText(mail.mailBody)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Send again" }));
    const confirmDialog = document.querySelector("dialog")!;
    fireEvent.click(within(confirmDialog).getByRole("button", { name: "Send again", hidden: true }));
    await waitFor(() => expect(calls.find((c) => c.name === "resend-mail")?.body).toEqual({ mailId: 9 }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The kind in words, not its code.
    expect(screen.getAllByText(outboxEn.kindName["verify-email"]).length).toBeGreaterThan(0);
    expect(screen.queryByText("verify-email")).toBeNull();

    vi.unstubAllGlobals();
    signIn("admin", [{ action: "read", subject: "Outbox" }]);
    mockApi({ "search-outbox": listOf([{ ...mail, mailBody: null }]) });
    renderAt("/apps/outbox", OutboxPage);
    // The first page is still mounted: its row is the only one that opens.
    await waitFor(() => expect(screen.getAllByText("Confirm your email")).toHaveLength(2));
    expect(screen.getAllByRole("button", { name: "Confirm your email" })).toHaveLength(1);
  });

  it("says that delivery is off and how to turn it on when the deployment has no mail API", async () => {
    signInAsAdmin();
    mockApi({ "search-outbox": ok({ data: [mail], total: 1, page: 1, limit: 10, mailDelivery: false }) });
    renderAt("/apps/outbox", OutboxPage);
    const notice = await screen.findByTestId("mail-delivery-off");
    expect(notice.textContent).toContain(outboxEn.deliveryOff);
    expect(notice.textContent).toContain("MAIL_API_KEY");
  });

  it("shows no such notice when mail is delivered", async () => {
    signInAsAdmin();
    mockApi({ "search-outbox": ok({ data: [mail], total: 1, page: 1, limit: 10, mailDelivery: true }) });
    renderAt("/apps/outbox", OutboxPage);
    await screen.findByText("Confirm your email");
    expect(screen.queryByTestId("mail-delivery-off")).toBeNull();
  });
});
