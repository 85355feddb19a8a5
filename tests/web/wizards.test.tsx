import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import en from "../../web/src/features/wizards/locales/en.json";
import CheckoutWizardPage from "../../web/src/features/wizards/pages/CheckoutWizardPage";
import CreateDealWizardPage from "../../web/src/features/wizards/pages/CreateDealWizardPage";
import PropertyListingWizardPage from "../../web/src/features/wizards/pages/PropertyListingWizardPage";
import { calls, callsTo, fail, mockApi, ok, renderAt, setupPageTests, signIn, signInAsAdmin } from "./page-support";

setupPageTests({ wizards: en });

const next = () => fireEvent.click(screen.getByRole("button", { name: en.next }));
const back = () => fireEvent.click(screen.getByRole("button", { name: en.back }));
const stepHeading = () => screen.getByRole("heading", { level: 2 });
/** The calls a wizard made, without the reads of its page (the session's `me`, the cart). */
const writes = () => calls.filter((c) => c.name !== "me" && c.name !== "searchcart").map((c) => c.name);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the wizards' routes", () => {
  it("are in the route table and the menu's pages section", () => {
    for (const path of ["/wizard-examples/checkout", "/wizard-examples/create-deal", "/wizard-examples/property-listing"])
      expect(appRoutes.find((route) => route.path === path)?.ns).toBe("wizards");
    const entry = navItems.find((item) => item.title === "wizards:menu");
    expect(entry).toMatchObject({ section: "pages", icon: "wand" });
    expect(entry?.children?.map((child) => child.to)).toHaveLength(3);
  });
});

describe("the coupon campaign wizard", () => {
  it("checks each step's fields before Next, keeps values on Back, and calls nothing before Finish", async () => {
    signInAsAdmin();
    mockApi({ "generate-coupons": ok({ message: "Generated.", codes: ["SPRING-AAAA", "SPRING-BBBB"] }) });
    renderAt("/wizard-examples/create-deal", CreateDealWizardPage);
    expect(stepHeading().textContent).toContain(en.deal.stepValue);
    expect((screen.getByRole("button", { name: en.back }) as HTMLButtonElement).disabled).toBe(true);

    next();
    expect(await screen.findByText(`The field "${en.deal.couponQuota}" is required.`)).toBeTruthy();
    expect(stepHeading().textContent).toContain(en.deal.stepValue);

    type(en.deal.couponQuota, "0");
    type(en.deal.couponExpired, "2000-01-01");
    next();
    expect(screen.getByText(`The field "${en.deal.couponQuota}" must be at least 1.`)).toBeTruthy();
    expect(screen.getByText(en.deal.expiredInPast)).toBeTruthy();

    type(en.deal.couponQuota, "50");
    type(en.deal.couponExpired, "2999-12-31");
    next();
    expect(stepHeading().textContent).toContain(en.deal.stepCodes);
    // The new step's heading takes the focus (keyboard and screen readers start there).
    await waitFor(() => expect(document.activeElement).toBe(stepHeading()));

    type(en.deal.couponCount, "2");
    type(en.deal.couponPrefix, "no spaces!");
    next();
    expect(screen.getByText(en.deal.prefixRule)).toBeTruthy();
    back();
    expect((screen.getByLabelText(en.deal.couponQuota) as HTMLInputElement).value).toBe("50");
    next();
    type(en.deal.couponPrefix, "spring");
    next();
    expect(stepHeading().textContent).toContain(en.deal.stepReview);
    expect(writes()).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: en.deal.finish }));
    expect(await screen.findByRole("heading", { name: en.deal.doneTitle })).toBeTruthy();
    expect(callsTo("generate-coupons")).toEqual([
      {
        name: "generate-coupons",
        body: { couponQuota: 50, couponExpired: "2999-12-31", couponCount: 2, couponPrefix: "spring" },
      },
    ]);
    expect(screen.getByText("SPRING-BBBB")).toBeTruthy();
    expect(screen.getByRole("button", { name: en.deal.download })).toBeTruthy();
  });
});

const CART_LINE = {
  cartId: 1,
  kind: "bundle",
  refId: 3,
  name: "Starter",
  points: 100,
  unitPrice: 900,
  qty: 2,
  lineTotal: 1800,
  available: true,
};
const cartOf = (carts: object[]) =>
  ok({
    carts,
    amounts: { subtotal: 1800, total: carts.length ? 1800 : 0, currency: "USD", count: carts.length },
    bank: { name: "Bank", accountName: "Portal", accountNumber: "123", logo: null },
    payByCard: false,
  });

function signInClient() {
  signIn({ userId: 2, userName: "Ana Client", role: "client" }, [{ action: "create", subject: "Payment" }]);
}

describe("the checkout wizard", () => {
  it("does not leave an empty cart's step", async () => {
    signInClient();
    mockApi({ searchcart: cartOf([]) });
    renderAt("/wizard-examples/checkout", CheckoutWizardPage);
    expect(await screen.findByRole("heading", { level: 2 })).toBeTruthy();
    next();
    expect((await screen.findAllByText(en.checkout.cartEmpty)).length).toBeGreaterThan(1);
    expect(stepHeading().textContent).toContain(en.checkout.stepCart);
  });

  it("saves the billing details, then places the order and opens its payment page, only on the last step", async () => {
    signInClient();
    mockApi({
      searchcart: cartOf([CART_LINE]),
      updateuser: ok({ message: "Saved.", user: {}, newImage: null }),
      checkout: ok({ message: "Order placed.", referenceId: "r".repeat(24), amount: 1800, lines: [], payment: {} }),
    });
    const location = renderAt("/wizard-examples/checkout", CheckoutWizardPage);
    expect(await screen.findByText("Total: $18.00")).toBeTruthy();
    next();
    expect(stepHeading().textContent).toContain(en.checkout.stepBilling);
    next();
    expect(screen.getByText(`The field "${en.checkout.userAddressLine1}" is required.`)).toBeTruthy();
    type(en.checkout.userAddressLine1, "1 Main Street");
    type(en.checkout.userCity, "Lyon");
    type(en.checkout.userCountry, "France");
    next();
    next();
    expect(screen.getByText(`The field "${en.checkout.method}" is required.`)).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: new RegExp(en.checkout.transfer) }));
    next();
    expect(callsTo("updateuser")).toEqual([]);
    expect(callsTo("checkout")).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: en.checkout.finish }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/payment/${"r".repeat(24)}`));
    expect(callsTo("updateuser")[0]!.body).toMatchObject({
      userId: "2",
      userName: "Ana Client",
      userAddressLine1: "1 Main Street",
      userCity: "Lyon",
      userCountry: "France",
    });
    expect(writes()).toEqual(["updateuser", "checkout"]);
  });
});

describe("the new site wizard", () => {
  it("says which part failed and what exists, and Finish again makes only what is missing", async () => {
    signInAsAdmin();
    let vendorTries = 0;
    mockApi({
      updatesite: ok({ message: "Saved.", site: { siteId: 41, siteName: "Turnitin EU" } }),
      updatevendor: () =>
        ++vendorTries === 1 ? fail(409, "Vendor accounts are paused.") : ok({ message: "Saved.", vendor: {} }),
    });
    const location = renderAt("/wizard-examples/property-listing", PropertyListingWizardPage);
    next();
    expect(screen.getByText(`The field "${en.listing.siteImage}" is required.`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.listing.siteImage), {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], "site.png", { type: "image/png" })] },
    });
    type(en.listing.siteName, "Turnitin EU");
    type(en.listing.siteDesc, "Similarity checks in the EU.");
    type(en.listing.sitePrice, "5");
    next();
    type(en.listing.vendorName, "eu-1");
    type(en.listing.vendorValue, "session=abc");
    next();
    next();
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: en.listing.finish }));
    const failure = await screen.findByText(/The vendor account was not created: Vendor accounts are paused\./);
    expect(failure.textContent).toContain("The site “Turnitin EU” exists.");
    expect(callsTo("updatesite")).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: en.listing.finish }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/portal/site?search=Turnitin%20EU"));
    expect(callsTo("updatesite")).toHaveLength(1);
    expect(callsTo("updatevendor").map((c) => c.body)).toEqual([
      expect.objectContaining({ vendorSiteID: 41, vendorName: "eu-1", loginMethod: "cookie", vendorValue: "session=abc" }),
      expect.objectContaining({ vendorSiteID: 41 }),
    ]);
    expect(callsTo("submit-job")).toEqual([]);
  });
});
