import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ar from "../../web/src/features/quota/locales/ar.json";
import en from "../../web/src/features/quota/locales/en.json";
import QuotaPage from "../../web/src/features/quota/pages/QuotaPage";
import { arabicNumber, inArabic, mockApi, ok, renderAt, setupPageTests, signIn } from "./page-support";

/** The quota page's "what expires when" (issue 40 item 4, decision 0028). */

const EXPIRED = {
  ledgerId: 5,
  delta: -30,
  reason: "grant",
  ref: "expire:3",
  note: "Spring pack",
  createdAt: "2026-05-03T10:00:00.000Z",
  kind: "expiry",
  referenceId: null,
  creditNoteNumber: null,
};
const EXPIRIES = [
  { grantId: 4, points: 40, expiresAt: "2026-06-10T09:00:00.000Z", note: "Starter" },
  { grantId: 6, points: 1, expiresAt: "2026-09-01T09:00:00.000Z", note: "" },
];
const answer = (expiries: unknown[], rows: unknown[] = []) =>
  ok({ userQuota: 90, expiries, data: rows, total: rows.length, page: 1, limit: 10 });

function renderPage() {
  signIn({ userId: 7, userName: "Client", role: "client", userQuota: 90 }, [{ action: "read", subject: "Quota" }]);
  renderAt("/portal/quota", QuotaPage);
}

setupPageTests({ quota: en });

describe("quota page expiries", () => {
  it("lists what expires when, soonest first, and names an expiry in the ledger", async () => {
    mockApi({ "search-quota": answer(EXPIRIES, [EXPIRED]) });
    renderPage();
    const card = await screen.findByTestId("quota-expiries");
    const items = await within(card).findAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual(["40 pointsexpire on Jun 10, 2026", "1 pointexpire on Sep 1, 2026"]);
    expect(within(card).getByText(en.expiries.help)).toBeTruthy();
    expect(screen.getByText(en.ledger.kind.expiry)).toBeTruthy();
    expect(screen.getByText("Spring pack")).toBeTruthy();
  });

  it("says so when none of the points expire, and shows a loading state before the answer", async () => {
    mockApi({ "search-quota": answer([]) });
    renderPage();
    expect(screen.getByLabelText(en.expiries.loading)).toBeTruthy();
    expect(await screen.findByText(en.expiries.none)).toBeTruthy();
    expect(within(screen.getByTestId("quota-expiries")).queryAllByRole("listitem")).toHaveLength(0);
  });
});

describe("quota page expiries in Arabic", () => {
  inArabic({ quota: ar });

  it("writes the points and the date in Arabic", async () => {
    mockApi({ "search-quota": answer([{ ...EXPIRIES[0], points: 40 }]) });
    renderPage();
    const card = await screen.findByTestId("quota-expiries");
    expect(within(card).getByRole("heading").textContent).toBe(ar.expiries.title);
    const [item] = await within(card).findAllByRole("listitem");
    expect(item!.textContent).toContain(`${arabicNumber(40)} نقطة`);
    expect(item!.textContent).toContain("تنتهي في");
  });
});
