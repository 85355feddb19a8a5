import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import en from "../../web/src/features/mailtemplates/locales/en.json";
import { routes } from "../../web/src/features/mailtemplates";
import { nav } from "../../web/src/features/mailtemplates/nav";
import MailTemplatesPage from "../../web/src/features/mailtemplates/pages/MailTemplatesPage";
import { callsTo, fail, mockApi, ok, renderAt, setupPageTests, signInAsAdmin } from "./page-support";

setupPageTests({ mailtemplates: en });

const text = (language: string, subject: string, body: string, customised = false) => ({
  language,
  subject,
  body,
  defaultSubject: subject,
  defaultBody: body,
  customised,
  updatedAt: customised ? "2026-12-01T10:00:00.000Z" : null,
});

const VERIFY = {
  kind: "verify",
  outboxKind: "verify-email",
  placeholders: ["name", "site", "url"],
  texts: [
    text("en", "Confirm your email for {{site}}", "Hello {{name}},\n\nPlease confirm."),
    text("fr", "Confirmez votre adresse pour {{site}}", "Bonjour {{name}},\n\nVeuillez confirmer.", true),
    text("ar", "أكد بريدك لـ {{site}}", "مرحبا {{name}}،"),
  ],
};
const RESET = {
  ...VERIFY,
  kind: "reset",
  outboxKind: "reset-password",
  texts: [text("en", "Reset {{site}}", "Hi"), ...VERIFY.texts.slice(1)],
};

const PATH = "/apps/ecommerce/mail-templates";

describe("mail templates page", () => {
  it("is an admin's route with its menu entry among the apps", () => {
    expect(routes[0]).toMatchObject({ path: PATH, meta: { action: "manage", subject: "MailTemplate" } });
    expect(nav[0]).toMatchObject({ to: PATH, icon: "mail", section: "apps" });
  });

  it("shows a kind's text per language, previews the draft, and shows a refused placeholder under its field", async () => {
    signInAsAdmin();
    mockApi({
      "mail-templates": ok({ templates: [VERIFY, RESET] }),
      "preview-mail-template": ok({
        subject: "Confirm your email for Edge Portal",
        body: "Hello Priya,",
        html: "",
        example: "outbox",
      }),
      "update-mail-template": {
        status: 400,
        body: {
          error: "This mail has no placeholder {{nmae}}. It offers: {{name}}.",
          code: "unknown_placeholder",
          field: "body",
        },
      },
    });
    renderAt(PATH, MailTemplatesPage);
    const subject = (await screen.findByLabelText(en.subject)) as HTMLInputElement;
    expect(subject.value).toBe("Confirm your email for {{site}}");
    expect(screen.getByText(en.standard)).toBeTruthy();
    expect(screen.getByText("{{url}}")).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: en.language.fr }));
    expect(((await screen.findByLabelText(en.subject)) as HTMLInputElement).value).toBe("Confirmez votre adresse pour {{site}}");
    expect(screen.getByText(en.customised)).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: en.language.en }));

    fireEvent.click(screen.getByRole("button", { name: en.preview }));
    expect(await screen.findByText("Hello Priya,")).toBeTruthy();
    expect(screen.getByText(en.fromOutbox)).toBeTruthy();
    expect(callsTo("preview-mail-template")[0]!.body).toEqual({
      kind: "verify",
      language: "en",
      subject: "Confirm your email for {{site}}",
      body: "Hello {{name}},\n\nPlease confirm.",
    });

    const body = screen.getByLabelText(en.body) as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: "Dear {{nmae}}" } });
    fireEvent.click(screen.getByRole("button", { name: en.save }));
    expect(await screen.findByText("This mail has no placeholder {{nmae}}. It offers: {{name}}.")).toBeTruthy();
    expect(body.value).toBe("Dear {{nmae}}");
    expect(body.getAttribute("aria-invalid")).toBe("true");
  });

  it("resets a customised text after a confirmation", async () => {
    signInAsAdmin();
    const restored = { ...VERIFY, texts: VERIFY.texts.map((t) => ({ ...t, customised: false })) };
    mockApi({
      "mail-templates": ok({ templates: [VERIFY] }),
      "reset-mail-template": ok({ message: "Mail template reset: the next mails use the default.", template: restored }),
    });
    renderAt(PATH, MailTemplatesPage);
    await screen.findByLabelText(en.subject);
    expect((screen.getByRole("button", { name: en.reset }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("tab", { name: en.language.fr }));
    fireEvent.click(await screen.findByRole("button", { name: en.reset }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    expect(within(dialog).getByText(en.resetText, {})).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: en.reset, hidden: true }));
    await waitFor(() => expect(callsTo("reset-mail-template")).toHaveLength(1));
    expect(callsTo("reset-mail-template")[0]!.body).toEqual({ kind: "verify", language: "fr" });
    expect(await screen.findByText(en.standard)).toBeTruthy();
  });

  it("says when the templates cannot be loaded", async () => {
    signInAsAdmin();
    mockApi({ "mail-templates": fail(500, "Something went wrong.") });
    renderAt(PATH, MailTemplatesPage);
    expect(await screen.findByText(en.loadFailed)).toBeTruthy();
  });
});
