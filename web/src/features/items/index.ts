import { listPreload } from "../../lib/listPreload";
import type { AppRoute } from "../../lib/feature";
import { SEARCH_ITEM, shopListBody } from "./preload";
import { ITEM_LIST_DEFAULTS } from "./types";

export const readItems = { action: "read", subject: "Item" } as const;
export const manageItems = { action: "manage", subject: "Item" } as const;

export const routes: AppRoute[] = [
  {
    path: "/portal/item",
    title: "items:shopTitle",
    page: () => import("./pages/ItemShopPage"),
    meta: readItems,
    preload: listPreload(SEARCH_ITEM, ITEM_LIST_DEFAULTS, (params, { can }) => shopListBody(params, can("manage", "Item"))),
  },
  {
    path: "/portal/itemSetting",
    title: "items:settingTitle",
    page: () => import("./pages/ItemSettingPage"),
    meta: manageItems,
  },
];
