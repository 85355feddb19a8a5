/** The store back office's calls and rows, typed by the contract (decision 0010). */
import useSWR from "swr";
import { api, type CallAnswer, type ListRow } from "../../lib/api";
import { apiForm } from "../../lib/upload";

export type Product = ListRow<"search-product">;
export type Customer = ListRow<"search-customer">;
export type Order = ListRow<"search-payment">;
export type OrderEvent = ListRow<"search-order-event">;
export type CreditNote = ListRow<"search-credit-note">;
export type StoreStats = CallAnswer<"store-stats">;
export type StoreRange = StoreStats["range"];

export const PRODUCT_LIST = { limit: 10, search: "", kind: "", status: "", sort: "newest" };
export const ORDER_LIST = { limit: 10, search: "", status: "" };
export const CUSTOMER_LIST = { limit: 10, search: "", status: "" };
export const CATEGORY_LIST = { limit: 10, search: "" };

export function useStoreStats(range: StoreRange) {
  return useSWR(["store-stats", range], () => api("store-stats", { range }));
}

export function orderDetail(referenceId: string) {
  return api("invoice-detail", { referenceId });
}

export function refundOrder(referenceId: string, reason: string) {
  return api("refund-payment", { referenceId, reason });
}

export function resendInvoice(referenceId: string) {
  return api("send-invoice", { referenceId });
}

export function customerOf(userId: number) {
  return api("search-customer", { userId, limit: 1 });
}

export interface NewItem {
  itemName: string;
  itemDesc: string;
  itemPrice: string;
  itemDuration: string;
  itemUrl: string;
  itemIsActive: boolean;
}

/** A new item through updateitem (itemId 0), which validates it as the items page's dialog does. */
export function createItem(item: NewItem) {
  return apiForm("updateitem", { ...item, itemId: 0 });
}

export interface NewBundle {
  bundleName: string;
  bundlePoin: string;
  bundlePPP: string;
  bundleDisc: string;
  bundleIsActive: boolean;
}

/** A new bundle through updatebundle (bundleId 0), which validates it as the bundles page's dialog does. */
export function createBundle(bundle: NewBundle) {
  return api("updatebundle", {
    bundleId: 0,
    bundleName: bundle.bundleName,
    bundlePoin: Number(bundle.bundlePoin),
    bundlePPP: Number(bundle.bundlePPP),
    bundleDisc: Number(bundle.bundleDisc),
    bundleIsActive: bundle.bundleIsActive,
  });
}
