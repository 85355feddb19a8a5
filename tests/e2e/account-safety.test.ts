import { readFile } from "node:fs/promises";
import { Secret, TOTP } from "otpauth";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import accountAr from "../../web/src/features/account/locales/ar.json";
import accountFr from "../../web/src/features/account/locales/fr.json";
import authAr from "../../web/src/features/auth/locales/ar.json";
import authFr from "../../web/src/features/auth/locales/fr.json";
import { ADMIN, apiFromPage, baseUrl, launch, newPage, signIn } from "./browser";

const PHONE = { width: 390, height: 844 };

/** A page on a 390 px touch phone in a language (Arabic right to left), with its CSP as served. */
async function phone(browser: Browser, language: "en" | "fr" | "ar" = "en"): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, isMobile: true, hasTouch: true });
  if (language !== "en") {
    const domain = new URL(baseUrl()).hostname;
    await context.addCookies(
      [
        ["language", language],
        ["direction", language === "ar" ? "rtl" : "ltr"],
      ].map(([name, value]) => ({ name: name!, value: encodeURIComponent(JSON.stringify(value)), domain, path: "/" })),
    );
  }
  return { context, page: await context.newPage() };
}

/** The document is no wider than the phone. */
const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The code an authenticator app shows now for a secret. */
const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** A new client, registered through the API, then signed in on the login page of this page's context. */
async function registerClient(page: Page, tag: string) {
  const person = { name: `Noor Closer ${tag}`, email: `closer-${tag}@example.test`, password: `Closer-pass-${tag}` };
  await page.goto("/login");
  const answer = await apiFromPage<{ userData?: unknown }>(page, "register", {
    userName: person.name,
    userEmail: person.email,
    password: person.password,
  });
  expect(answer.userData).toBeTruthy();
  await signIn(page, person);
  await page.waitForURL("**/access-control");
  return person;
}

/** Turns two-factor on from the security tab (set up, type the app's code): the ten codes it shows. */
async function turnOnTwoFactor(page: Page, labels: { setUp: string; code: string; turnOn: string }) {
  await page.goto("/pages/account-settings/security");
  await page.getByRole("button", { name: labels.setUp }).click();
  await page.getByTestId("totp-qr").waitFor();
  const secret = (await page.locator("code.select-all").textContent())!.trim();
  await page.getByLabel(labels.code, { exact: true }).fill(totp(secret));
  await page.getByRole("button", { name: labels.turnOn, exact: true }).click();
  const panel = page.getByTestId("recovery-codes");
  await panel.waitFor();
  return panel.locator("li").allTextContents();
}

/** Signs in with the password, then the recovery code, on the two-step page. */
async function signInWithRecoveryCode(page: Page, who: { email: string; password: string }, code: string) {
  await signIn(page, who);
  await page.waitForURL(/\/two-steps-v1\?/);
  await page.getByRole("button", { name: "Lost your phone? Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

describe("account safety in a real browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a client signs in once with a recovery code, exports their data, closes the account; the admin still sees the paid invoice", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const client = await phone(browser);
    const person = await registerClient(client.page, tag);

    // A paid invoice: the client buys a bundle, the admin confirms the transfer.
    const bundles = await apiFromPage<{ data: Array<{ bundleId: number }> }>(client.page, "searchbundle", {});
    const order = await apiFromPage<{ referenceId: string }>(client.page, "checkout", {
      kind: "bundle",
      refId: bundles.data[0]!.bundleId,
    });
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN);
    await admin.page.waitForURL("**/dashboards/crm");
    const confirmed = await apiFromPage<{ message: string }>(admin.page, "confirm-payment", { referenceId: order.referenceId });
    expect(confirmed.message).toBe("Payment confirmed. Points and subscriptions were granted.");

    // Two-factor on: ten codes, shown once; downloaded and printed as they are, on a phone.
    const codes = await turnOnTwoFactor(client.page, {
      setUp: "Set up two-factor authentication",
      code: "Code",
      turnOn: "Turn on",
    });
    expect(codes).toHaveLength(10);
    expect(await width(client.page)).toBeLessThanOrEqual(PHONE.width);
    const [codesFile] = await Promise.all([
      client.page.waitForEvent("download"),
      client.page.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(codesFile.suggestedFilename()).toBe("recovery-codes.txt");
    const codesText = await readFile((await codesFile.path())!, "utf8");
    for (const code of codes) expect(codesText).toContain(code);
    await client.page.getByRole("button", { name: "Print" }).click();
    // The print frame holds the codes under the page's own Content-Security-Policy.
    await client.page.waitForFunction(
      (code) =>
        document
          .querySelector<HTMLIFrameElement>("iframe[aria-hidden='true']")
          ?.contentDocument?.body?.textContent?.includes(code),
      codes[0]!,
    );
    await client.page.getByRole("button", { name: "I have kept them" }).click();
    await client.page.getByTestId("recovery-codes-left").getByText("10").waitFor();
    await client.context.close();

    // A recovery code signs in once.
    const first = await phone(browser);
    await signInWithRecoveryCode(first.page, person, codes[0]!);
    await first.page.waitForURL("**/access-control");
    await first.context.close();
    const second = await phone(browser);
    await signInWithRecoveryCode(second.page, person, codes[0]!);
    await second.page.getByText("This recovery code is not valid or was already used.").waitFor();
    expect(second.page.url()).toMatch(/\/two-steps-v1\?/);
    expect(await width(second.page)).toBeLessThanOrEqual(PHONE.width);
    await second.page.getByLabel("Recovery code").fill(codes[1]!);
    await second.page.getByRole("button", { name: "Verify" }).click();
    await second.page.waitForURL("**/access-control");

    // The export: one JSON file with the client's data and invoice, and no secret.
    await second.page.goto("/pages/account-settings/account");
    const [dataFile] = await Promise.all([
      second.page.waitForEvent("download"),
      second.page.getByRole("button", { name: "Download my data" }).click(),
    ]);
    expect(dataFile.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await dataFile.path())!, "utf8"));
    expect(exported.profile).toMatchObject({ userName: person.name, userEmail: person.email, recoveryCodesLeft: 8 });
    expect(exported.payments).toEqual([expect.objectContaining({ referenceId: order.referenceId, status: "paid" })]);
    expect(JSON.stringify(exported)).not.toMatch(/passwordHash|twoFactorSecret|tokenHash|codeHash/);
    expect(await width(second.page)).toBeLessThanOrEqual(PHONE.width);

    // Closing the account: ticked, with the password; then the sign-in page, and no way back in.
    await second.page.getByLabel("I understand that my account and its data will be erased").check();
    await second.page.getByLabel("Your password, to close the account").fill(person.password);
    await second.page.getByRole("button", { name: "Close my account" }).click();
    await second.page.waitForURL("**/login");
    await second.page
      .getByTestId("snackbar")
      .filter({ hasText: "Your account is closed and your personal data erased." })
      .waitFor();
    await signIn(second.page, person);
    await second.page.getByRole("alert").filter({ hasText: "The email or password is incorrect." }).waitFor();
    await second.context.close();

    // The admin still has the paid invoice, naming its buyer as when it was issued.
    await admin.page.goto(`/apps/invoice/preview/${order.referenceId}`);
    await admin.page.getByText(person.name).first().waitFor();
    await admin.page.getByText(person.email).first().waitFor();
    expect(await admin.page.getByText("Paid", { exact: true }).count()).toBeGreaterThan(0);
    await admin.context.close();
    // Many sign-ins, two browsers and PBKDF2 on a shared machine: more than the default minute.
  }, 240_000);

  const LANGUAGES = [
    { language: "fr", dir: "ltr", account: accountFr, auth: authFr },
    { language: "ar", dir: "rtl", account: accountAr, auth: authAr },
  ] as const;

  it.each(LANGUAGES)(
    "shows the recovery codes, the account's data cards and the recovery sign-in within a 390 px phone ($language)",
    async ({ language, dir, account, auth }) => {
      const tag = Math.random().toString(36).slice(2, 8);
      const client = await phone(browser, language);
      const person = await registerClient(client.page, tag);
      const codes = await turnOnTwoFactor(client.page, {
        setUp: account.setUpTwoFactor,
        code: account.code,
        turnOn: account.enableTwoFactor,
      });
      expect(codes).toHaveLength(10);
      expect(await client.page.evaluate(() => document.documentElement.dir)).toBe(dir);
      expect(await width(client.page)).toBeLessThanOrEqual(PHONE.width);
      // The codes read left to right whatever the page's direction.
      expect(await client.page.getByTestId("recovery-codes").locator("ul").getAttribute("dir")).toBe("ltr");
      await client.page.getByRole("button", { name: account.codesKept }).click();
      await client.page.getByRole("button", { name: account.makeNewCodes }).waitFor();
      expect(await width(client.page)).toBeLessThanOrEqual(PHONE.width);
      await client.page.goto("/pages/account-settings/account");
      await client.page.getByRole("button", { name: account.closeButton }).waitFor();
      expect(await width(client.page)).toBeLessThanOrEqual(PHONE.width);
      await client.context.close();

      const visitor = await phone(browser, language);
      await signIn(visitor.page, person);
      await visitor.page.waitForURL(/\/two-steps-v1\?/);
      await visitor.page.getByRole("button", { name: auth.useRecoveryCode }).click();
      await visitor.page.getByLabel(auth.recoveryCode).waitFor();
      expect(await width(visitor.page)).toBeLessThanOrEqual(PHONE.width);
      await visitor.context.close();
    },
    120_000,
  );
});
