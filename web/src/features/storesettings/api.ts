import { api, type CallAnswer, type CallInput } from "../../lib/api";
import { apiForm } from "../../lib/upload";

export type StoreSettings = CallAnswer<"store-settings">["settings"];
export type StoreSettingsUpdate = CallInput<"update-store-settings">;

/** The SWR key of the settings in force. */
export const STORE_SETTINGS_KEY = ["store-settings"] as const;

export function fetchStoreSettings() {
  return api("store-settings", {});
}

/** Saves one section's fields; multipart, so a new logo image travels with them. */
export function saveStoreSettings(fields: StoreSettingsUpdate) {
  return apiForm("update-store-settings", fields);
}
