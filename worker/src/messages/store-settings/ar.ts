import type { FeatureCatalog } from "../types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {},
  successes: {
    storeSettingsSaved: "حُفظت إعدادات المتجر، وهي سارية الآن.",
    storeSettingsUnchanged: "لم يتغيّر شيء: للإعدادات هذه القيم من قبل.",
  },
};
