import type { FeatureCatalog } from "../types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {},
  successes: {
    storeSettingsSaved: "Paramètres de la boutique enregistrés. Ils s’appliquent dès maintenant.",
    storeSettingsUnchanged: "Rien n’a changé : les paramètres avaient déjà ces valeurs.",
  },
};
