import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/src/db";
import { consumeMail } from "../../worker/src/domain/outbox/consumer";
import { call, callForm, createAdmin, createBundle, createUser, uniqueEmail } from "./helpers";

/** The web app's `language` cookie, JSON-encoded as web/src/lib/cookies.ts writes it. */
const language = (lng: string) => `language=${encodeURIComponent(JSON.stringify(lng))}`;

async function lastMail(to: string, kind: string) {
  return env.DB.prepare(
    "SELECT mailSubject, mailBody, mailHtml FROM outbox WHERE toEmail = ?1 AND mailKind = ?2 ORDER BY mailId DESC LIMIT 1",
  )
    .bind(to, kind)
    .first<{ mailSubject: string; mailBody: string; mailHtml: string | null }>();
}

const lastMailId = async (to: string) =>
  (await env.DB.prepare("SELECT max(mailId) AS id FROM outbox WHERE toEmail = ?1").bind(to).first<{ id: number }>())!.id;

const SUBJECTS = {
  reset: {
    en: `Reset your ${env.SITE_NAME} password`,
    fr: `Réinitialisez votre mot de passe ${env.SITE_NAME}`,
    ar: `إعادة تعيين كلمة المرور في ${env.SITE_NAME}`,
  },
  verify: {
    en: `Confirm your email for ${env.SITE_NAME}`,
    fr: `Confirmez votre adresse e-mail pour ${env.SITE_NAME}`,
    ar: `تأكيد بريدك الإلكتروني في ${env.SITE_NAME}`,
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("mails the user asks for are in the web app's language", () => {
  it.each(["en", "fr", "ar"] as const)(
    "writes the reset mail in %s, with its language and direction in the HTML",
    async (lng) => {
      const user = await createUser({ name: "Salma" });
      expect((await call("forgot-password", { email: user.email }, { headers: { cookie: language(lng) } })).status).toBe(200);
      const mail = await lastMail(user.email, "reset-password");
      expect(mail!.mailSubject).toBe(SUBJECTS.reset[lng]);
      expect(mail!.mailBody).toMatch(/reset-password-v1\?token=/);
      expect(mail!.mailHtml).toContain(`<html lang="${lng}" dir="${lng === "ar" ? "rtl" : "ltr"}">`);
      expect(mail!.mailHtml).toContain(`<body dir="${lng === "ar" ? "rtl" : "ltr"}"`);
      expect(mail!.mailHtml).toMatch(/<a href="http:\/\/portal\.test\/pages\/authentication\/reset-password-v1\?token=[^"]+">/);
    },
  );

  it("writes the verification mail of a new account in the language it registered in", async () => {
    const email = uniqueEmail("register");
    const res = await call(
      "register",
      { userName: "Élodie <b>", userEmail: email, password: "correct horse battery" },
      { headers: { cookie: language("fr") } },
    );
    expect(res.status).toBe(200);
    const mail = await lastMail(email, "verify-email");
    expect(mail!.mailSubject).toBe(SUBJECTS.verify.fr);
    expect(mail!.mailBody.startsWith("Bonjour Élodie <b>,")).toBe(true);
    // Names are text in the HTML, never markup.
    expect(mail!.mailHtml).toContain("Bonjour Élodie &lt;b&gt;,");
  });

  it("falls back to English without the cookie, or for a language the app does not have", async () => {
    for (const cookie of [undefined, language("de"), "language=%7Bbroken", "language=fr"]) {
      const user = await createUser();
      await call("forgot-password", { email: user.email }, { headers: cookie ? { cookie } : {} });
      const expected = cookie === "language=fr" ? SUBJECTS.reset.fr : SUBJECTS.reset.en;
      expect((await lastMail(user.email, "reset-password"))!.mailSubject, String(cookie)).toBe(expected);
    }
  });

  it("resends the verification mail in the language of the signed-in request", async () => {
    const user = await createUser();
    const res = await call("resend-verification", {}, { cookie: `${user.cookie}; ${language("ar")}` });
    expect(res.status).toBe(200);
    expect((await lastMail(user.email, "verify-email"))!.mailSubject).toBe(SUBJECTS.verify.ar);
  });
});

describe("mails an admin triggers", () => {
  async function paidInvoice(buyer: { userId: number }, admin: { cookie: string }) {
    const bundle = await createBundle({ points: 10, ppp: 125 });
    const res = await call(
      "add-payment",
      { userId: buyer.userId, lines: [{ kind: "bundle", refId: bundle.bundleId, qty: 2 }] },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    return res.body.payment as { referenceId: string; invoiceNumber: number };
  }

  it("writes the invoice in the buyer's language from their last sign-in, not the admin's", async () => {
    const admin = await createAdmin();
    const buyer = await createUser({ name: "Karim" });
    // Signing in with the Arabic app stores the buyer's mail language.
    const signIn = await call("login", { email: buyer.email, password: buyer.password }, { headers: { cookie: language("ar") } });
    expect(signIn.status).toBe(200);
    const stored = await env.DB.prepare("SELECT mailLanguage FROM users WHERE userId = ?1").bind(buyer.userId).first();
    expect(stored).toEqual({ mailLanguage: "ar" });

    const payment = await paidInvoice(buyer, admin);
    const sent = await call(
      "send-invoice",
      { referenceId: payment.referenceId },
      { cookie: `${admin.cookie}; ${language("fr")}` },
    );
    expect(sent.status).toBe(200);
    const mail = await lastMail(buyer.email, "invoice");
    expect(mail!.mailSubject).toBe(`${env.SITE_NAME}: الفاتورة رقم ${payment.invoiceNumber}`);
    expect(mail!.mailHtml).toContain('dir="rtl"');
    // 2 × 10 points at 125 minor units each = 2,500 minor units, written as Arabic writes money.
    const total = new Intl.NumberFormat("ar", { style: "currency", currency: env.CURRENCY }).format(25);
    expect(mail!.mailBody).toContain(`المجموع: ${total}`);
  });

  it("writes in English for a buyer whose language is not known, whatever the admin's language", async () => {
    const admin = await createAdmin();
    const buyer = await createUser({ name: "Ana" });
    const payment = await paidInvoice(buyer, admin);
    await call("send-invoice", { referenceId: payment.referenceId }, { cookie: `${admin.cookie}; ${language("fr")}` });
    const mail = await lastMail(buyer.email, "invoice");
    expect(mail!.mailSubject).toBe(`${env.SITE_NAME}: invoice #${payment.invoiceNumber}`);
    expect(mail!.mailBody).toContain("Total: $25.00");
  });

  it("writes the verification link of an address an admin changes in English, not the admin's language", async () => {
    const admin = await createAdmin();
    const user = await createUser({ name: "Changed" });
    const email = uniqueEmail("changed");
    const res = await callForm(
      "updateuser",
      { userId: String(user.userId), userName: "Changed", userEmail: email, userRole: "client", userIsActive: "true" },
      { cookie: `${admin.cookie}; ${language("fr")}` },
    );
    expect(res.status).toBe(200);
    expect((await lastMail(email, "verify-email"))!.mailSubject).toBe(SUBJECTS.verify.en);
  });
});

describe("delivery", () => {
  it("sends the HTML alongside the plain text to the mail API", async () => {
    const user = await createUser();
    await call("forgot-password", { email: user.email }, { headers: { cookie: language("ar") } });
    const posted: Array<Record<string, string>> = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      posted.push(JSON.parse(String(init?.body)));
      return new Response("{}", { status: 200 });
    });
    const configured = { ...env, MAIL_API_URL: "https://mail.example.test/send", MAIL_API_KEY: "test-key" };
    const reset = await lastMailId(user.email);
    const message = { body: { mailId: reset }, attempts: 1, ack: () => undefined, retry: () => undefined };
    await consumeMail(configured, getDb(env.DB), [message]);
    const mine = posted.find((m) => m.to === user.email)!;
    expect(mine.subject).toBe(SUBJECTS.reset.ar);
    expect(mine.text).toContain("reset-password-v1?token=");
    expect(mine.html).toContain('<html lang="ar" dir="rtl">');
  });
});
