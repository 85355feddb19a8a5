import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {
    noSuchCannedReply: "Cette réponse type n’existe pas.",
    cannedReplyEmpty: "Écrivez d’abord le texte de la réponse.",
    cannedReplyNameTaken: "Une réponse type de cette langue porte déjà ce nom.",
    cannedRepliesFull: "Le support garde au plus 200 réponses types : supprimez-en une d’abord.",
  },
  successes: {
    cannedReplyAdded: "Réponse type ajoutée.",
    cannedReplySaved: "Réponse type enregistrée.",
    cannedReplyDeleted: "Réponse type supprimée.",
  },
};
