import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { en } from "../../worker/src/domain/outbox/mails/en";
import { call, countRows, createAdmin, createUser, uniqueEmail, type TestUser } from "./helpers";

/**
 * Mail templates an admin edits (issue 41 item 6, docs/decisions/0026-mail-templates.md): every kind of the
 * registry in each language, placeholders checked at save, in force for the next mail, reset to the default,
 * and a preview filled from a real mail of the kind.
 */

const save = (admin: TestUser, body: Record<string, unknown>) => call("update-mail-template", body, { cookie: admin.cookie });

async function newestMail(to: string, kind: string) {
  return env.DB.prepare(
    "SELECT mailSubject, mailBody FROM outbox WHERE toEmail = ?1 AND mailKind = ?2 ORDER BY mailId DESC LIMIT 1",
  )
    .bind(to, kind)
    .first<{ mailSubject: string; mailBody: string }>();
}

describe("mail templates", () => {
  it("lists every kind of the registry in each language, with the code's text as default and its placeholders", async () => {
    const admin = await createAdmin();
    const res = await call("mail-templates", {}, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.templates.map((t: { kind: string }) => t.kind)).toEqual(Object.keys(en));
    const verify = res.body.templates.find((t: { kind: string }) => t.kind === "verify");
    expect(verify).toMatchObject({ outboxKind: "verify-email", placeholders: ["name", "site", "url"] });
    expect(verify.texts.map((t: { language: string }) => t.language)).toEqual(["en", "fr", "ar"]);
    expect(verify.texts[0]).toMatchObject({
      subject: "Confirm your email for {{site}}",
      defaultSubject: "Confirm your email for {{site}}",
      customised: false,
      updatedAt: null,
    });
    expect(verify.texts[0].body).toMatch(/^Hello \{\{name\}\},\n\nPlease confirm/);
  });

  it("refuses an unknown or malformed placeholder with a 400 naming it, and saves nothing", async () => {
    const admin = await createAdmin();
    const unknown = await save(admin, { kind: "verify", language: "en", subject: "Hi", body: "Dear {{nmae}}," });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "unknown_placeholder", field: "body" });
    expect(unknown.body.error).toContain("{{nmae}}");
    expect(unknown.body.error).toContain("{{name}}");
    const malformed = await save(admin, { kind: "verify", language: "en", subject: "Welcome to {{site}", body: "Hello" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: "malformed_placeholder", field: "subject" });
    expect(malformed.body.error).toContain("{{site}");
    const french = await call(
      "update-mail-template",
      { kind: "verify", language: "fr", subject: "Salut {{who}}", body: "x" },
      { cookie: admin.cookie, headers: { "accept-language": "fr" } },
    );
    expect(french.status).toBe(400);
    const noKind = await save(admin, { kind: "nothing", language: "en", subject: "Hi", body: "Hello" });
    expect(noKind.status).toBe(400);
    expect(noKind.body).toMatchObject({ code: "no_such_kind", field: "kind" });
    expect(await countRows("mail_templates")).toBe(0);
    expect(await countRows("audit_log WHERE action = 'update-mail-template'")).toBe(0);
  });

  it("is refused to everyone but an admin", async () => {
    const client = await createUser();
    const body = { kind: "verify", language: "en", subject: "Hi", body: "Hello" };
    for (const name of ["mail-templates", "preview-mail-template", "update-mail-template", "reset-mail-template"]) {
      expect((await call(name, body, { cookie: client.cookie })).status, name).toBe(403);
      expect((await call(name, body)).status, name).toBe(401);
    }
  });

  it("puts a saved text in force for the next mail, audits it, and a reset brings the default back", async () => {
    const admin = await createAdmin();
    const saved = await save(admin, {
      kind: "reset",
      language: "en",
      subject: "{{site}} password help",
      body: "Hi {{name}}!\n\nUse this link within the hour.",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.template.texts[0]).toMatchObject({ customised: true, subject: "{{site}} password help" });
    expect(await countRows("audit_log WHERE action = 'update-mail-template' AND subjectId = 'reset:en'")).toBe(1);

    const user = await createUser({ name: "Rowan" });
    expect((await call("forgot-password", { email: user.email })).status).toBe(200);
    const mail = await newestMail(user.email, "reset-password");
    expect(mail?.mailSubject).toBe(`${env.SITE_NAME} password help`);
    expect(mail?.mailBody).toMatch(/^Hi Rowan!\n\nUse this link within the hour\.\n.*token=/);

    const reset = await call("reset-mail-template", { kind: "reset", language: "en" }, { cookie: admin.cookie });
    expect(reset.status).toBe(200);
    expect(reset.body.template.texts[0]).toMatchObject({ customised: false, subject: "Reset your {{site}} password" });
    expect(await countRows("audit_log WHERE action = 'reset-mail-template' AND subjectId = 'reset:en'")).toBe(1);
    expect((await call("forgot-password", { email: user.email })).status).toBe(200);
    expect((await newestMail(user.email, "reset-password"))?.mailSubject).toBe(`Reset your ${env.SITE_NAME} password`);
  });

  it("previews a draft with the values of the newest real mail of its kind, else a sample", async () => {
    const admin = await createAdmin();
    const email = uniqueEmail("preview");
    expect((await call("register", { userName: "Priya Example", userEmail: email, password: "long enough pw" })).status).toBe(
      200,
    );
    const draft = {
      kind: "verify",
      language: "fr",
      subject: "Bienvenue sur {{site}}",
      body: "Bonjour {{name}},\n\nUn clic : {{url}}",
    };
    const real = await call("preview-mail-template", draft, { cookie: admin.cookie });
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ example: "outbox", subject: `Bienvenue sur ${env.SITE_NAME}` });
    expect(real.body.body).toContain("Bonjour Priya Example,");
    expect(real.body.html).toContain('<html lang="fr" dir="ltr">');
    // A link of a real mail may carry its token: the preview keeps the sample's.
    expect(real.body.body).not.toContain("token=");

    const none = await call(
      "preview-mail-template",
      { kind: "jobFailed", language: "ar", subject: "{{site}}", body: "مرحبا {{name}}" },
      { cookie: admin.cookie },
    );
    expect(none.body).toMatchObject({ example: "sample", subject: "Edge Portal" });
    expect(none.body.html).toContain('dir="rtl"');
    expect(none.body.body).toContain("مرحبا Ada Lovelace");
    const refused = await call("preview-mail-template", { ...draft, body: "{{token}}" }, { cookie: admin.cookie });
    expect(refused.status).toBe(400);
    expect(await countRows("mail_templates")).toBe(0);
  });
});

describe("the store's site name where SITE_NAME was (issue 41's leftovers)", () => {
  it("names the saved site in sign-in mails, the TOTP issuer and the data export", async () => {
    const admin = await createAdmin();
    expect((await call("update-store-settings", { siteName: "Renamed Portal" }, { cookie: admin.cookie })).status).toBe(200);
    const user = await createUser({ name: "Sam" });
    expect((await call("forgot-password", { email: user.email })).status).toBe(200);
    expect((await newestMail(user.email, "reset-password"))?.mailSubject).toBe("Reset your Renamed Portal password");
    const email = uniqueEmail("renamed");
    expect((await call("register", { userName: "Noor", userEmail: email, password: "long enough pw" })).status).toBe(200);
    expect((await newestMail(email, "verify-email"))?.mailSubject).toBe("Confirm your email for Renamed Portal");
    const setup = await call("two-factor-setup", {}, { cookie: user.cookie });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/issuer=Renamed(%20|\+)Portal/);
    const exported = await call("export-my-data", {}, { cookie: user.cookie });
    expect(exported.body.site).toBe("Renamed Portal");
  });
});
