import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {
    ticketAttachmentsTooLarge: "Les fichiers d’un message ne peuvent dépasser {size} au total.",
  },
  successes: {},
};
