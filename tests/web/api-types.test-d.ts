import { api, type CallAnswer } from "../../web/src/lib/api";
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
  await api("search-payment", { status: "refunded" });
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
