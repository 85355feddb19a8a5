import type { StoreSettings } from "../../contract/storesettings";
import type { DB } from "../../db";
import type { Portal } from "../context";
import { loadStoreSettings } from "../storesettings/settings";
import { loadMailTemplates } from "./store";

/**
 * A portal with what admins saved in force for the mail this call writes: the mail templates and, given the
 * store's defaults, the settings' site name (a caller that read the settings already passes its name in
 * `portal`). Read on every call, never cached: a saved change holds for the next mail of any isolate.
 */
export async function savedPortal(db: DB, portal: Portal, storeDefaults?: StoreSettings): Promise<Portal> {
  const [siteName, mailTemplates] = await Promise.all([
    storeDefaults ? loadStoreSettings(db, storeDefaults).then((settings) => settings.siteName) : portal.siteName,
    loadMailTemplates(db),
  ]);
  return { ...portal, siteName, mailTemplates };
}
