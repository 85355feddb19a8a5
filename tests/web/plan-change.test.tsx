import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import invoicesEn from "../../web/src/features/invoices/locales/en.json";
import InvoicePreviewPage from "../../web/src/features/invoices/pages/InvoicePreviewPage";
import en from "../../web/src/features/profile/locales/en.json";
import ProfilePage from "../../web/src/features/profile/pages/ProfilePage";
import { formatMoney } from "../../web/src/lib/format";
import { calls, listOf, mockApi, ok, renderAt, renderRoutes, setAbilityRules, setupPageTests, signIn } from "./page-support";

const ME = {
  userId: 7,
  userName: "Claire Client",
  userEmail: "claire@example.test",
  userPhone: "",
  userImage: null,
  userRole: "client",
  role: "client",
  userIsActive: true,
  userQuota: 120,
  userPlan: "Basic plan",
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: "2026-01-02T00:00:00.000Z",
};
const CLIENT_RULES = [
  { action: "read", subject: "Profile" },
  { action: "create", subject: "Payment" },
];
const BASIC = { subscriptionId: 31, itemId: 20, itemName: "Basic plan", itemUrl: "", startsAt: "2026-11-20T00:00:00.000Z" };
const ITEMS = [
  { itemId: 20, itemName: "Basic plan", itemDesc: "", itemPrice: 3000, itemDuration: 30 },
  { itemId: 21, itemName: "Pro plan", itemDesc: "", itemPrice: 5000, itemDuration: 30 },
];

setupPageTests({ profile: en, invoices: invoicesEn });

/** The profile's plan tab with a running Basic plan, and the dialog opened. */
async function openDialog(answers: Record<string, ReturnType<typeof ok>>) {
  signIn({ userId: 7, userName: "Claire Client", role: "client" }, CLIENT_RULES);
  mockApi({
    me: ok({ userData: ME, userAbilityRules: CLIENT_RULES }),
    searchitem: listOf(ITEMS),
    searchbundle: listOf([]),
    "search-subscription": listOf([{ ...BASIC, endsAt: "2099-01-01T00:00:00.000Z", active: true, autoRenew: false }]),
    ...answers,
  });
  const location = renderAt("/pages/user-profile/plan", ProfilePage, "/pages/user-profile/:tab");
  fireEvent.click(await screen.findByRole("button", { name: en.upgrade }));
  const dialog = await screen.findByRole("dialog", { name: en.upgrade });
  return { location, dialog };
}

describe("plan change from the upgrade dialog", () => {
  it("marks the current plan, shows the prorated amount before paying, then goes to the one payment's page", async () => {
    const { location, dialog } = await openDialog({
      "quote-plan-change": ok({ price: 5000, daysLeft: 10, credit: 1000, amount: 4000, points: 0 }),
      "change-plan": ok({
        message: "Your plan change is ready.",
        referenceId: "ref_planchange0000000000",
        amount: 4000,
        credit: 1000,
      }),
    });
    expect(await within(dialog).findByText(en.yourPlan)).toBeTruthy();
    // One card is the current plan (no button), the other offers the switch instead of a purchase.
    expect(within(dialog).queryByRole("button", { name: en.choose })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: en.switchPlan }));

    const confirm = await screen.findByRole("dialog", { name: en.switchTitle });
    const text = confirm.textContent ?? "";
    expect(text).toContain(`Pro plan costs ${formatMoney(5000)}.`);
    expect(text).toContain(`Credit for 10 unused days of Basic plan: −${formatMoney(1000)}.`);
    expect(text).toContain(`To pay now: ${formatMoney(4000)}.`);
    expect(calls.find((c) => c.name === "quote-plan-change")!.body).toEqual({ subscriptionId: 31, itemId: 21 });
    expect(calls.some((c) => c.name === "change-plan")).toBe(false);

    fireEvent.click(within(confirm).getByRole("button", { name: en.confirmBuy }));
    await vi.waitFor(() => expect(location.history!.at(-1)).toBe("/payment/ref_planchange0000000000"));
    expect(calls.filter((c) => c.name === "change-plan").map((c) => c.body)).toEqual([{ subscriptionId: 31, itemId: 21 }]);
    expect(calls.some((c) => c.name === "checkout")).toBe(false);
  });

  it("a downgrade says the credit left becomes points and switches at once, without a payment page", async () => {
    const { location, dialog } = await openDialog({
      "quote-plan-change": ok({ price: 1000, daysLeft: 15, credit: 2500, amount: 0, points: 150 }),
      "change-plan": ok({ message: "Your plan has changed.", referenceId: "ref_planchange0000000001", amount: 0, credit: 2500 }),
    });
    fireEvent.click(await within(dialog).findByRole("button", { name: en.switchPlan }));
    const confirm = await screen.findByRole("dialog", { name: en.switchTitle });
    expect(confirm.textContent).toContain(`To pay now: ${formatMoney(0)}.`);
    expect(confirm.textContent).toContain("The rest of the credit becomes 150 points.");
    fireEvent.click(within(confirm).getByRole("button", { name: en.switchNow }));
    expect(await screen.findByText("Your plan has changed.")).toBeTruthy();
    expect(location.history!.some((path) => path.startsWith("/payment/"))).toBe(false);
  });

  it("cancelled at the confirmation, nothing is made", async () => {
    const { dialog } = await openDialog({
      "quote-plan-change": ok({ price: 5000, daysLeft: 10, credit: 1000, amount: 4000, points: 0 }),
    });
    fireEvent.click(await within(dialog).findByRole("button", { name: en.switchPlan }));
    const confirm = await screen.findByRole("dialog", { name: en.switchTitle });
    fireEvent.click(
      within(confirm)
        .getAllByRole("button")
        .find((b) => b.textContent !== en.confirmBuy)!,
    );
    await vi.waitFor(() => expect(screen.queryByRole("dialog", { name: en.switchTitle })).toBeNull());
    expect(calls.some((c) => c.name === "change-plan")).toBe(false);
  });
});

describe("the plan change's invoice", () => {
  it("shows the proration under the line: the full price, the credit for the unused days and the points", async () => {
    const referenceId = "UGxhbi1jaGFuZ2UtaW52b2ljZQ";
    mockApi({
      "invoice-detail": ok({
        payment: {
          referenceId,
          userId: 7,
          userName: "Claire Client",
          userEmail: "claire@example.test",
          amount: 0,
          currency: "USD",
          status: "paid",
          method: "bank",
          lines: [
            {
              kind: "item",
              refId: 22,
              name: "Lite plan",
              unitPrice: 0,
              qty: 1,
              lineTotal: 0,
              proration: {
                fromSubscriptionId: 31,
                fromItemId: 20,
                fromItemName: "Basic plan",
                fullPrice: 1000,
                daysLeft: 15,
                credit: 2500,
                points: 150,
              },
            },
          ],
          note: "",
          hasProof: false,
          createdAt: "2026-12-02T10:00:00.000Z",
          paidAt: "2026-12-02T10:00:00.000Z",
          expiresAt: "2026-12-03T10:00:00.000Z",
          invoiceNumber: 14,
          card: null,
          refundedAmount: 0,
          netAmount: null,
          taxAmount: null,
          tax: null,
          buyer: null,
          unappliedCharge: null,
        },
        seller: {
          siteName: "Edge Portal",
          bank: { name: "Bank", accountName: "Edge Portal Ltd", accountNumber: "0000", logo: "/bank-logo.svg" },
          party: { legalName: "", address: [], country: "", taxId: "" },
        },
      }),
    });
    setAbilityRules([{ action: "manage", subject: "all" }]);
    renderRoutes(`/apps/invoice/preview/${referenceId}`, [["/apps/invoice/preview/:id", InvoicePreviewPage]]);
    expect((await screen.findByTestId("invoice-title")).textContent).toBe("Invoice #14");
    expect(
      screen.getByText(
        `Plan change from Basic plan: ${formatMoney(1000)} less ${formatMoney(2500)} for 15 unused days. The rest of the credit: 150 points.`,
      ),
    ).toBeTruthy();
  });
});
