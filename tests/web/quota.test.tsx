import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ar from "../../web/src/features/quota/locales/ar.json";
import en from "../../web/src/features/quota/locales/en.json";
import fr from "../../web/src/features/quota/locales/fr.json";
import QuotaPage from "../../web/src/features/quota/pages/QuotaPage";
import { calls, fail, localeKeys, mockApi, ok, renderAt, setupPageTests, signIn } from "./page-support";

const ledger = (balance: number, rows: unknown[]) =>
  ok({ userQuota: balance, data: rows, total: rows.length, page: 1, limit: 10 });
const GRANT = {
  ledgerId: 1,
  delta: 120,
  reason: "grant",
  ref: "grant:abc:0",
  note: "120 points",
  createdAt: "2026-05-01T10:00:00.000Z",
  kind: "purchase",
  referenceId: "abc",
  creditNoteNumber: null,
};
const REDEEM = {
  ledgerId: 2,
  delta: 50,
  reason: "redeem",
  ref: "coupon:9",
  note: "Coupon SPRING",
  createdAt: "2026-05-02T10:00:00.000Z",
  kind: "coupon",
  referenceId: null,
  creditNoteNumber: null,
};

function renderPage() {
  signIn({ userId: 7, userName: "Client", role: "client", userQuota: 120 }, [
    { action: "read", subject: "Quota" },
    { action: "redeem", subject: "Coupon" },
  ]);
  renderAt("/portal/quota", QuotaPage);
}

setupPageTests({ quota: en });

describe("quota page", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
    expect(localeKeys(ar)).toEqual(localeKeys(en));
  });

  it("shows the balance, the ledger with readable reasons (never internal references), and a link to buy bundles", async () => {
    const SPEND = {
      ledgerId: 3,
      delta: -10,
      reason: "spend",
      ref: "spend:u1",
      note: "Similarity Check",
      createdAt: GRANT.createdAt,
      kind: "job",
      referenceId: null,
      creditNoteNumber: null,
    };
    const SEED = {
      ledgerId: 4,
      delta: 100,
      reason: "adjust",
      ref: "seed:2",
      note: "Demo balance",
      createdAt: GRANT.createdAt,
      kind: "adjustment",
      referenceId: null,
      creditNoteNumber: null,
    };
    mockApi({ "search-quota": ledger(120, [GRANT, REDEEM, SPEND, SEED]) });
    renderPage();
    expect((await screen.findByTestId("quota-balance")).textContent).toBe("120");
    expect(screen.getByRole("link", { name: en.ledger.detail.payment }).getAttribute("href")).toBe("/payment/abc");
    expect(screen.getByText("Code SPRING")).toBeTruthy();
    expect(screen.getByText("Job on Similarity Check")).toBeTruthy();
    expect(screen.getByText("Demo balance")).toBeTruthy();
    expect(screen.queryByText(/grant:|seed:|coupon:|spend:/)).toBeNull();
    expect(screen.getByText(en.ledger.kind.purchase)).toBeTruthy();
    expect(screen.getByText("+120")).toBeTruthy();
    expect(screen.getByRole("link", { name: en.buyPoints }).getAttribute("href")).toBe("/portal/bundle");
  });

  it("names a payment's refunds as refunds, with their credit note as a PDF, and a failed job's points as a job refund", async () => {
    const refundRow = (ledgerId: number, delta: number, creditNoteNumber: number) => ({
      ledgerId,
      delta,
      reason: "grant",
      ref: `reclaim:rf${ledgerId}`,
      note: "Refund of invoice #7",
      createdAt: GRANT.createdAt,
      kind: "refund",
      referenceId: "abc",
      creditNoteNumber,
    });
    const JOB_REFUND = {
      ledgerId: 8,
      delta: 10,
      reason: "refund",
      ref: "refund:u1",
      note: "Similarity Check",
      createdAt: GRANT.createdAt,
      kind: "jobRefund",
      referenceId: null,
      creditNoteNumber: null,
    };
    mockApi({
      "search-quota": ledger(0, [JOB_REFUND, refundRow(6, -10, 3), refundRow(5, -5, 2), { ...GRANT, delta: 15 }]),
      "credit-note-pdf": fail(404, "No such credit note."),
    });
    renderPage();
    const partial = await screen.findByRole("button", { name: "Credit note CN-2" });
    expect(screen.getByRole("button", { name: "Credit note CN-3" })).toBeTruthy();
    const reasons = screen
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[1]!.textContent);
    expect(reasons).toEqual([en.ledger.kind.jobRefund, en.ledger.kind.refund, en.ledger.kind.refund, en.ledger.kind.purchase]);
    expect(screen.getByText("-5")).toBeTruthy();
    expect(screen.queryByText(/reclaim:|Refund of invoice/)).toBeNull();
    fireEvent.click(partial);
    await waitFor(() => expect(calls.find((c) => c.name === "credit-note-pdf")?.body).toEqual({ creditNoteNumber: 2 }));
  });

  it("shows the empty state when nothing moved yet", async () => {
    mockApi({ "search-quota": ledger(0, []) });
    renderPage();
    expect(await screen.findByText(en.empty)).toBeTruthy();
  });

  it("redeems a coupon, then shows the new balance and the redemption", async () => {
    let redeemed = false;
    mockApi({
      "search-quota": () => (redeemed ? ledger(170, [REDEEM, GRANT]) : ledger(120, [GRANT])),
      "redeem-coupon": () => {
        redeemed = true;
        return ok({ message: "Coupon redeemed. Your points were added.", userQuota: 170 });
      },
    });
    renderPage();
    await screen.findByRole("link", { name: en.ledger.detail.payment });
    fireEvent.change(screen.getByLabelText(en.couponCode), { target: { value: " SPRING " } });
    fireEvent.click(screen.getByRole("button", { name: en.redeem }));
    expect(await screen.findByText("Coupon redeemed. Your points were added.")).toBeTruthy();
    expect(calls.find((c) => c.name === "redeem-coupon")!.body).toEqual({ couponCode: "SPRING" });
    await waitFor(() => expect(screen.getByTestId("quota-balance").textContent).toBe("170"));
    expect(screen.getByText("Code SPRING")).toBeTruthy();
  });

  it("shows the server's text when a coupon is used or unknown, and asks for a code when blank", async () => {
    mockApi({
      "search-quota": ledger(0, []),
      "redeem-coupon": fail(409, "This coupon was already used."),
    });
    renderPage();
    await screen.findByText(en.empty);
    fireEvent.click(screen.getByRole("button", { name: en.redeem }));
    expect((await screen.findByRole("alert")).textContent).toBe(`The field "${en.couponCode}" is required.`);
    expect(calls.some((c) => c.name === "redeem-coupon")).toBe(false);
    fireEvent.change(screen.getByLabelText(en.couponCode), { target: { value: "USED-1" } });
    fireEvent.click(screen.getByRole("button", { name: en.redeem }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("This coupon was already used."));
  });
});
