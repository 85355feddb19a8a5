import type { FeatureEnglish } from "../types";

/** The store settings' API texts in English: its key set (fr.ts and ar.ts must have every key). */
export const en = {
  messages: {},
  successes: {
    storeSettingsSaved: "Store settings saved. They are in force now.",
    storeSettingsUnchanged: "Nothing changed: the settings already had these values.",
  },
} as const satisfies FeatureEnglish;
