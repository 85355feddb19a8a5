import type { Column } from "../../web/src/components/DataTable";
import type { ListViewProps } from "../../web/src/components/ListPage";
import { useListController } from "../../web/src/hooks/useListController";
import { api, type CallAnswer, type ListRow } from "../../web/src/lib/api";
import { apiForm, uploadWithProgress } from "../../web/src/lib/upload";
import { saveFile } from "../../web/src/lib/download";
import { useList } from "../../web/src/lib/useList";

/**
 * Type tests of the typed calls, compiled by `npm run typecheck` and never run. The first functions
 * must compile; every line after an `@ts-expect-error` must not (TypeScript fails on a directive whose
 * line compiles), so a wrong call name, field name, field type or answer field is a compile error.
 */

export async function rightCalls(file: File) {
  const bundles = await api("searchbundle", { isActive: "active", page: 1, limit: 12 });
  const price: number = bundles.data[0]!.bundlePrice;
  const me = await api("me");
  const role: string = me.userData.role;
  const login: CallAnswer<"login"> = await api("login", { email: "a@example.com", password: "secret", rememberMe: true });
  const challenge = "twoFactorRequired" in login ? login.challenge : null;
  await api("updatebundle", { bundlePoin: 10, bundlePPP: "25", bundleDisc: 0, bundleIsActive: true });
  await api("add-payment", { userId: 3, lines: [{ kind: "item", refId: 1, qty: 1 }] });
  await apiForm("update-history", { uniqueId: "job", status: 1, similarity: 23, report: file });
  await uploadWithProgress("submit-job", { siteId: 1, file }, () => undefined);
  await saveFile("export-payment", { search: "", status: "paid" }, "payments.csv");
  return { price, role, challenge };
}

export function useRightLists(status: string) {
  const coupons = useList("search-coupon", { search: "", status, page: 1, limit: 10 });
  const total: number | undefined = coupons.data?.total;
  return total;
}

export async function wrongCalls(file: File) {
  // @ts-expect-error: there is no call "searchbundles"
  await api("searchbundles", {});
  // @ts-expect-error: searchbundle takes no field "isActiv"
  await api("searchbundle", { isActiv: "active" });
  // @ts-expect-error: bundleIsActive is a yes or no, not any text
  await api("updatebundle", { bundlePoin: 10, bundlePPP: 1, bundleDisc: 0, bundleIsActive: "maybe" });
  // @ts-expect-error: bundlePoin is a number, not an object
  await api("updatebundle", { bundlePoin: { points: 10 }, bundlePPP: 1, bundleDisc: 0, bundleIsActive: true });
  // @ts-expect-error: deletebundle needs bundleId
  await api("deletebundle", {});
  // @ts-expect-error: a payment status is one of the contract's
  await api("search-payment", { status: "reimbursed" });
  const bundles = await api("searchbundle", {});
  // @ts-expect-error: a bundle has no field "bundlePrize"
  void bundles.data[0]!.bundlePrize;
  // @ts-expect-error: bundlePrice is a number
  const price: string = bundles.data[0]!.bundlePrice;
  // @ts-expect-error: export-payment answers a file, not JSON
  await api("export-payment", { search: "" });
  // @ts-expect-error: add-payment's lines cannot travel as multipart fields
  await apiForm("add-payment", { userId: 3, lines: [{ kind: "item", refId: 1, qty: 1 }] });
  // @ts-expect-error: submit-job's file is a File
  await uploadWithProgress("submit-job", { siteId: 1, file: "essay.pdf" }, () => undefined);
  // @ts-expect-error: download answers a file, it is not a JSON call
  await apiForm("download", { kind: "report", id: "x", file });
  return price;
}

export function useWrongLists() {
  // @ts-expect-error: me is not a list call
  const me = useList("me", {});
  // @ts-expect-error: search-coupon takes no field "statuses"
  const coupons = useList("search-coupon", { statuses: "used", page: 1, limit: 10 });
  return [me, coupons];
}

export function useRightListController() {
  const coupons = useListController({
    call: "search-coupon",
    defaults: { limit: 10, search: "", status: "" },
    remove: {
      ask: (coupon) => ({ title: coupon.couponCode, text: "" }),
      call: (coupon) => api("deletecoupon", { couponId: coupon.couponId }),
      failedPrefix: "",
    },
  });
  // The rows, the dialog's row and a column's render get the contract's row.
  const code: string | undefined = coupons.rows?.[0]?.couponCode;
  const editing: number | undefined = coupons.editing?.row?.couponId;
  const columns: Column<ListRow<"search-coupon">>[] = [{ key: "quota", header: "", render: (c) => c.couponQuota }];
  const view: ListViewProps<ListRow<"search-coupon">> = {
    list: coupons,
    columns,
    caption: "",
    rowKey: (c) => c.couponId,
    emptyText: "",
  };
  const mine = useListController({
    call: "search-payment",
    defaults: { limit: 10 },
    body: ({ page, limit }) => ({ page, limit, userId: 3 }),
  });
  const reference: string | undefined = mine.rows?.[0]?.referenceId;
  return { code, editing, view, reference };
}

export function useWrongListControllers() {
  // @ts-expect-error: me is not a list call
  const me = useListController({ call: "me", defaults: { limit: 10 } });
  // @ts-expect-error: search-coupon takes no parameter "statuses", so the parameters alone are no body of it
  const misnamed = useListController({ call: "search-coupon", defaults: { limit: 10, statuses: "" } });
  const coupons = useListController({
    call: "search-coupon",
    defaults: { limit: 10 },
    // @ts-expect-error: search-coupon's page is a number, not an object
    body: ({ limit }) => ({ page: { first: true }, limit }),
  });
  const named = useListController({
    call: "search-coupon",
    defaults: { limit: 10 },
    // @ts-expect-error: search-coupon takes no field "statuses"
    body: ({ page, limit }) => ({ page, limit, statuses: "used" }),
  });
  // @ts-expect-error: a coupon has no field "couponCod"
  void coupons.rows?.[0]?.couponCod;
  const payments: Column<ListRow<"search-payment">>[] = [{ key: "ref", header: "", render: (p) => p.referenceId }];
  const view: ListViewProps<ListRow<"search-payment">> = {
    // @ts-expect-error: a payment's columns do not show a coupon list
    list: coupons,
    columns: payments,
    caption: "",
    rowKey: () => 0,
    emptyText: "",
  };
  return [me, misnamed, named, view];
}
