import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import common from "../../web/src/i18n/locales/en.json";
import { codesCsv } from "../../web/src/features/coupons/components/csv";
import en from "../../web/src/features/coupons/locales/en.json";
import CouponPage from "../../web/src/features/coupons/pages/CouponPage";
import { ok, fail, listOf, callsTo, mockApi, refuse, signInAsAdmin, renderAt, setupPageTests } from "./page-support";

setupPageTests({ coupons: en });

const UNUSED = {
  couponId: 3,
  couponCode: "SPRING-ABCDEFGH23",
  couponQuota: 25,
  couponExpired: "2030-01-31",
  couponUsed: "N",
  couponUsedDate: null,
  couponUsedBy: null,
  couponUsedByName: null,
  couponStatus: "unused",
};
const USED = {
  ...UNUSED,
  couponId: 4,
  couponCode: "USEDCODE22",
  couponUsed: "Y",
  couponUsedDate: "2026-01-02T10:00:00.000Z",
  couponUsedBy: 9,
  couponUsedByName: "Amira Haddad",
  couponStatus: "used",
};

describe("coupons page", () => {
  it("lists coupons, filters by status and offers delete for unused ones only", async () => {
    signInAsAdmin();
    mockApi({ "search-coupon": listOf([UNUSED, USED]) });
    const location = renderAt("/portal/coupon", CouponPage);
    expect(await screen.findByText("SPRING-ABCDEFGH23")).toBeTruthy();
    expect(screen.getByText("Amira Haddad")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: common.delete })).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(common.status), { target: { value: "expired" } });
    await waitFor(() => expect(callsTo("search-coupon").at(-1)!.body).toMatchObject({ status: "expired", page: 1, limit: 10 }));
    expect(location.history!.at(-1)).toContain("status=expired");
  });

  it("generates codes, shows them with the server's message and lists them again", async () => {
    signInAsAdmin();
    const codes = Array.from({ length: 10 }, (_, i) => `NEW-CODE${i}ABCDE`);
    mockApi({
      "search-coupon": listOf([UNUSED]),
      "generate-coupons": ok({ message: "10 coupons generated successfully!", codes }),
    });
    renderAt("/portal/coupon", CouponPage);
    await screen.findByText("SPRING-ABCDEFGH23");
    fireEvent.click(screen.getByRole("button", { name: en.generateTitle }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: en.generate }));
    expect(await within(dialog).findByText(`The field "${en.couponQuota}" is required.`)).toBeTruthy();
    expect(callsTo("generate-coupons")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(en.couponQuota), { target: { value: "15" } });
    fireEvent.change(within(dialog).getByLabelText(en.couponExpired), { target: { value: "2030-06-30" } });
    fireEvent.change(within(dialog).getByLabelText(en.couponCount), { target: { value: "10" } });
    fireEvent.change(within(dialog).getByLabelText(en.couponPrefix), { target: { value: "new" } });
    const before = callsTo("search-coupon").length;
    fireEvent.click(within(dialog).getByRole("button", { name: en.generate }));
    expect(await screen.findByText("10 coupons generated successfully!")).toBeTruthy();
    expect(callsTo("generate-coupons")[0]!.body).toEqual({
      couponQuota: 15,
      couponExpired: "2030-06-30",
      couponCount: 10,
      couponPrefix: "new",
    });
    const fresh = screen.getByTestId("new-codes");
    expect(
      within(fresh)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(codes);
    await waitFor(() => expect(callsTo("search-coupon").length).toBeGreaterThan(before));
  });

  it("exports the new codes as CSV rows", () => {
    expect(codesCsv(["AAA", "BBB"], "15", "2030-06-30")).toBe(
      "couponCode,couponQuota,couponExpired\r\nAAA,15,2030-06-30\r\nBBB,15,2030-06-30\r\n",
    );
  });

  it("shows the spec's generate failure text with the server's reason", async () => {
    signInAsAdmin();
    mockApi({
      "search-coupon": listOf([]),
      "generate-coupons": refuse("couponExpired", "must not be in the past"),
    });
    renderAt("/portal/coupon", CouponPage);
    expect(await screen.findByText(en.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.generateTitle }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(en.couponQuota), { target: { value: "1" } });
    fireEvent.change(within(dialog).getByLabelText(en.couponExpired), { target: { value: "2030-06-30" } });
    fireEvent.change(within(dialog).getByLabelText(en.couponCount), { target: { value: "5000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: en.generate }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(`The field "${en.couponCount}" must be at most 1000.`);
    expect(callsTo("generate-coupons")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(en.couponCount), { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: en.generate }));
    expect(
      await screen.findByText(`Failed to generate coupon: The field "${en.couponExpired}" must not be in the past.`),
    ).toBeTruthy();
  });

  it("reloads the coupon list (not the user list) after a delete", async () => {
    signInAsAdmin();
    mockApi({ "search-coupon": listOf([UNUSED]), deletecoupon: ok({ message: "Coupon deleted successfully!" }) });
    renderAt("/portal/coupon", CouponPage);
    fireEvent.click(await screen.findByRole("button", { name: common.delete }));
    const confirm = await screen.findByRole("dialog");
    const before = callsTo("search-coupon").length;
    fireEvent.click(within(confirm).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Coupon deleted successfully!")).toBeTruthy();
    expect(callsTo("deletecoupon")[0]!.body).toEqual({ couponId: 3 });
    await waitFor(() => expect(callsTo("search-coupon").length).toBe(before + 1));
    expect(callsTo("searchuser")).toHaveLength(0);
  });

  it("keeps the spec's delete failure text for coupons", async () => {
    signInAsAdmin();
    mockApi({ "search-coupon": listOf([UNUSED]), deletecoupon: fail(409, "A used coupon cannot be deleted.") });
    renderAt("/portal/coupon", CouponPage);
    fireEvent.click(await screen.findByRole("button", { name: common.delete }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Failed to delete user: A used coupon cannot be deleted.")).toBeTruthy();
  });
});
