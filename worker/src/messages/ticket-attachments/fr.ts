import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {
    ticketFilesNeedDraft:
      "Les fichiers accompagnent un brouillon enregistré : enregistrez le ticket en brouillon, puis envoyez-le avec ses fichiers.",
    ticketAttachmentsTooLarge: "Les fichiers d’un message ne peuvent dépasser {size} au total.",
  },
  successes: {},
};
