import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import en from "../../web/src/features/billing/locales/en.json";
import BillingTabPage from "../../web/src/features/billing/pages/BillingTabPage";
import { callsTo, listOf, mockApi, ok, renderAt, setupPageTests, signIn } from "./page-support";

/** The Billing tab's saved cards and automatic renewal (issue 40). */

const card = (paymentMethodId: string, last4: string, isDefault: boolean) => ({
  paymentMethodId,
  brand: "visa",
  last4,
  expMonth: 4,
  expYear: 2030,
  isDefault,
});

const subscription = (autoRenew: boolean) => ({
  subscriptionId: 3,
  itemId: 2,
  itemName: "Pro plan",
  itemUrl: "",
  startsAt: "2026-05-01T00:00:00.000Z",
  endsAt: "2099-01-01T00:00:00.000Z",
  active: true,
  autoRenew,
});

function renderTab(query = "") {
  signIn({ userId: 7, userName: "Client", role: "client", userPlan: "Pro plan" }, [
    { action: "read", subject: "Payment", conditions: { userId: 7 } },
  ]);
  renderAt(`/pages/account-settings/billing${query}`, BillingTabPage);
}

setupPageTests({ billing: en });

describe("saved cards on the billing tab", () => {
  it("lists the cards, picks the default, and removes one after a confirmation", async () => {
    let cards = [card("pm_one", "4242", true), card("pm_two", "0341", false)];
    mockApi(
      {
        "search-payment-method": () => listOf(cards, cards.length, 100),
        "update-payment-method": (body) => {
          cards = cards.map((c) => ({ ...c, isDefault: c.paymentMethodId === body.paymentMethodId }));
          return ok({ message: "Renewals now use this card." });
        },
        "delete-payment-method": (body) => {
          cards = cards.filter((c) => c.paymentMethodId !== body.paymentMethodId);
          return ok({ message: "Card removed." });
        },
      },
      { fallback: listOf([]) },
    );
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    renderTab();
    expect(await screen.findByText("VISA •••• 0341")).toBeTruthy();
    expect(screen.getAllByText("04/2030")).toHaveLength(2);

    fireEvent.click(screen.getByRole("button", { name: en.makeDefault }));
    expect(await screen.findByText("Renewals now use this card.")).toBeTruthy();
    expect(callsTo("update-payment-method")[0]!.body).toEqual({ paymentMethodId: "pm_two", isDefault: true });

    fireEvent.click(screen.getByRole("button", { name: `${en.removeCard} 4242` }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    expect(within(dialog).getByText(en.removeCardTitle, { exact: false })).toBeTruthy();
    expect(callsTo("delete-payment-method")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: en.removeCard, hidden: true }));
    expect(await screen.findByText("Card removed.")).toBeTruthy();
    expect(callsTo("delete-payment-method")[0]!.body).toEqual({ paymentMethodId: "pm_one" });
    await waitFor(() => expect(screen.queryByText("VISA •••• 4242")).toBeNull());
  });

  it("sends the client to Stripe's page to add a card", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, search: "" });
    mockApi({ "start-card-setup": ok({ url: "https://checkout.stripe.test/c/setup/cs_1" }) }, { fallback: listOf([]) });
    renderTab();
    expect(await screen.findByText(en.noCards)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.addCard }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.stripe.test/c/setup/cs_1"));
    vi.unstubAllGlobals();
  });

  it("says the card is on its way when Stripe's page sent the client back", async () => {
    mockApi({}, { fallback: listOf([]) });
    renderTab("?card=saved");
    expect(await screen.findByText(en.cardSavedNotice)).toBeTruthy();
  });

  it("turns automatic renewal on for an active subscription", async () => {
    let autoRenew = false;
    mockApi(
      {
        "search-subscription": () => listOf([subscription(autoRenew)], 1, 5),
        "update-auto-renew": (body) => {
          autoRenew = body.autoRenew as boolean;
          return ok({ message: "This subscription now renews automatically.", subscription: subscription(autoRenew) });
        },
      },
      { fallback: listOf([]) },
    );
    renderTab();
    const toggle = await screen.findByRole("checkbox", { name: `${en.colAutoRenew}: Pro plan` });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect(await screen.findByText("This subscription now renews automatically.")).toBeTruthy();
    expect(callsTo("update-auto-renew")[0]!.body).toEqual({ subscriptionId: 3, autoRenew: true });
    await waitFor(() =>
      expect((screen.getByRole("checkbox", { name: `${en.colAutoRenew}: Pro plan` }) as HTMLInputElement).checked).toBe(true),
    );
  });
});
