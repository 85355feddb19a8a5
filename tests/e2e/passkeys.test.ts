import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import accountAr from "../../web/src/features/account/locales/ar.json";
import accountEn from "../../web/src/features/account/locales/en.json";
import { passkeyTexts } from "../../web/src/features/auth/components/passkeyTexts";
import { apiFromPage, baseUrl, launch, signIn } from "./browser";

/**
 * Issue 44: a passkey made in the security tab signs in from /login, with Chromium's virtual authenticator
 * (a platform authenticator that verifies the user), on a phone, in English and in Arabic. WebAuthn wants
 * a domain for its RP id, not an IP: the page is opened on localhost, which is a secure context too.
 */
const PHONE = { width: 390, height: 844 };
const TEXTS = {
  en: { account: accountEn, auth: passkeyTexts.en },
  ar: { account: accountAr, auth: passkeyTexts.ar },
};

/** The language cookies the app's switcher writes (none for English). */
async function setLanguage(context: BrowserContext, language: "en" | "ar") {
  if (language === "en") return;
  await context.addCookies(
    Object.entries({ language: "ar", direction: "rtl" }).map(([name, value]) => ({
      name,
      value: encodeURIComponent(JSON.stringify(value)),
      domain: "localhost",
      path: "/",
    })),
  );
}

async function phoneContext(browser: Browser, language: "en" | "ar"): Promise<BrowserContext> {
  const origin = baseUrl().replace("127.0.0.1", "localhost");
  const context = await browser.newContext({
    baseURL: origin,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: language,
  });
  await setLanguage(context, language);
  return context;
}

/** Chromium's virtual authenticator for this page: a phone's built-in one, with its user verified. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

/** Ends the session and forgets every cookie but the language. */
async function signOut(page: Page, language: "en" | "ar") {
  await apiFromPage(page, "logout", {});
  await page.context().clearCookies();
  await setLanguage(page.context(), language);
}

describe("passkeys in a real browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const language of ["en", "ar"] as const) {
    it(`adds a passkey in the security tab, then signs in with it from /login by autofill and by its button (390 px, ${language})`, async () => {
      const { account, auth } = TEXTS[language];
      const context = await phoneContext(browser, language);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      const { cdp, authenticatorId } = await virtualAuthenticator(page);

      const tag = `${language}-${Date.now().toString(36)}`;
      const person = { userName: `Pia Keys ${tag}`, userEmail: `passkey-${tag}@example.test`, password: `Passkey-pass-${tag}` };
      await page.goto("/login");
      const registered = await apiFromPage<{ userData?: unknown }>(page, "register", person);
      expect(registered.userData).toBeTruthy();
      await signIn(page, { email: person.userEmail, password: person.password });
      await page.waitForURL((url) => !url.pathname.startsWith("/login"));

      await page.goto("/pages/account-settings/security");
      if (language === "ar") expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
      await page.getByText(account.noPasskeys).waitFor();
      await page.getByLabel(account.passkeyName, { exact: true }).fill("Phone");
      await page.getByLabel(account.passkeyPassword, { exact: true }).last().fill(person.password);
      await page.getByRole("button", { name: account.addPasskey }).click();
      await page.getByText("Phone", { exact: true }).first().waitFor();
      expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // Signed out: a browser that knows nothing of the user but the passkey its authenticator holds. The
      // email field's autofill (conditional mediation) offers it, and the virtual authenticator takes it.
      await signOut(page, language);
      await page.goto("/login");
      await page.waitForURL((url) => !url.pathname.startsWith("/login"));
      expect((await apiFromPage<{ userData: { userEmail: string } }>(page, "me", {})).userData.userEmail).toBe(person.userEmail);

      // Without autofill (a browser that has none), the button asks for the passkey.
      await signOut(page, language);
      await page.addInitScript(() => {
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      });
      await page.goto("/login");
      await page.getByRole("button", { name: auth.passkeySignIn, exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/login"));
      expect((await apiFromPage<{ userData: { userEmail: string } }>(page, "me", {})).userData.userEmail).toBe(person.userEmail);
      const used = await apiFromPage<{ data: { lastUsedAt: string | null }[] }>(page, "search-passkey", {});
      expect(used.data[0]!.lastUsedAt).not.toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
