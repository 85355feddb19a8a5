import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import en from "../../web/src/features/storesettings/locales/en.json";
import { routes } from "../../web/src/features/storesettings";
import { nav } from "../../web/src/features/storesettings/nav";
import StoreSettingsPage from "../../web/src/features/storesettings/pages/StoreSettingsPage";
import { callsTo, fail, mockApi, ok, refuse, renderAt, setupPageTests, signInAsAdmin } from "./page-support";

setupPageTests({ storesettings: en });

const SETTINGS = {
  siteName: "Edge Portal",
  bankName: "Example Bank",
  bankAccountName: "Edge Portal Ltd",
  bankAccountNumber: "0000-1111-2222",
  bankLogo: "/bank-logo.svg",
  paymentExpiryHours: 24,
  languageSwitcher: false,
  sellerLegalName: "",
  sellerAddress: "1 Main Street\nSpringfield",
  sellerCountry: "FR",
  sellerTaxId: "",
  taxName: "",
  taxRate: null,
  taxInclusive: false,
  referralRewardPoints: 0,
  referralNewClientPoints: 0,
};

const openTab = async (name: string) => {
  fireEvent.click(await screen.findByRole("tab", { name }));
  return screen.getByRole("tabpanel", { name });
};

describe("store settings page", () => {
  it("is a route for those who manage the store settings, with its menu entry among the apps", () => {
    expect(routes[0]).toMatchObject({ path: "/apps/ecommerce/settings", meta: { action: "manage", subject: "StoreSettings" } });
    expect(nav[0]).toMatchObject({ to: "/apps/ecommerce/settings", icon: "settings", section: "apps" });
  });

  it("shows the Worker's refusal under its field and keeps what was typed", async () => {
    signInAsAdmin();
    mockApi({
      "store-settings": ok({ settings: SETTINGS }),
      "update-store-settings": refuse("bankAccountNumber", "must be an IBAN (with a valid checksum) or an account number"),
    });
    renderAt("/apps/ecommerce/settings", StoreSettingsPage);
    const panel = await openTab(en.tab.bank);
    const account = within(panel).getByLabelText(en.bankAccountNumber) as HTMLInputElement;
    fireEvent.change(account, { target: { value: "GB82 WEST 1234 5698 7654 33" } });
    fireEvent.click(within(panel).getByRole("button", { name: en.save }));
    expect(
      await within(panel).findByText(
        `The field "${en.bankAccountNumber}" must be an IBAN (with a valid checksum) or an account number.`,
      ),
    ).toBeTruthy();
    expect(account.value).toBe("GB82 WEST 1234 5698 7654 33");
    expect(account.getAttribute("aria-invalid")).toBe("true");
    // The section sends its own fields only.
    expect(callsTo("update-store-settings")[0]!.body).toEqual({
      bankName: "Example Bank",
      bankAccountName: "Edge Portal Ltd",
      bankAccountNumber: "GB82 WEST 1234 5698 7654 33",
      bankLogo: "/bank-logo.svg",
    });
  });

  it("saves a section and shows the settings now in force; a blank tax rate is sent as no tax", async () => {
    signInAsAdmin();
    const saved = { ...SETTINGS, taxRate: 20, taxName: "TVA" };
    mockApi({
      "store-settings": ok({ settings: SETTINGS }),
      "update-store-settings": ok({ message: "Store settings saved. They are in force now.", settings: saved }),
    });
    renderAt("/apps/ecommerce/settings", StoreSettingsPage);
    const panel = await openTab(en.tab.taxes);
    const rate = within(panel).getByLabelText(en.taxRate) as HTMLInputElement;
    expect(rate.value).toBe("");
    fireEvent.change(rate, { target: { value: "20" } });
    fireEvent.change(within(panel).getByLabelText(en.taxName), { target: { value: " TVA " } });
    fireEvent.click(within(panel).getByRole("button", { name: en.save }));
    expect(await screen.findByText("Store settings saved. They are in force now.")).toBeTruthy();
    expect(callsTo("update-store-settings")[0]!.body).toMatchObject({
      taxRate: "20",
      taxName: "TVA",
      sellerAddress: "1 Main Street\nSpringfield",
      taxInclusive: "false",
    });
    expect(rate.value).toBe("20");
  });

  it("keeps another tab's unsaved typing while a second tab is looked at", async () => {
    signInAsAdmin();
    mockApi({ "store-settings": ok({ settings: SETTINGS }) });
    renderAt("/apps/ecommerce/settings", StoreSettingsPage);
    const store = await openTab(en.tab.store);
    fireEvent.change(within(store).getByLabelText(en.siteName), { target: { value: "Acme" } });
    await openTab(en.tab.referrals);
    const again = await openTab(en.tab.store);
    expect((within(again).getByLabelText(en.siteName) as HTMLInputElement).value).toBe("Acme");
  });

  it("says when the settings cannot be loaded, and offers to try again", async () => {
    signInAsAdmin();
    mockApi({ "store-settings": fail(500, "Something went wrong.") });
    renderAt("/apps/ecommerce/settings", StoreSettingsPage);
    expect(await screen.findByText(en.loadFailed)).toBeTruthy();
    expect(screen.getByRole("button", { name: /retry|try again/i })).toBeTruthy();
  });
});
