import type { FeatureCatalog } from "../types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {
    noSuchReviewItem: "Aucun article n’a cet identifiant.",
    reviewNotHolder: "Seul un client qui détient ou a détenu cet article peut le noter.",
    noSuchReview: "Aucun avis n’a cet identifiant.",
  },
  successes: {
    reviewSaved: "Merci : votre avis est enregistré et s’affichera une fois publié.",
    reviewPublished: "L’avis est publié.",
    reviewHidden: "L’avis est masqué.",
  },
};
