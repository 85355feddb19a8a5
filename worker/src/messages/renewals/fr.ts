import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {
    noSuchCard: "Aucune de vos cartes enregistrées n’a cet identifiant.",
    noSuchSubscriptionOfYours: "Aucun de vos abonnements n’a cet identifiant.",
    subscriptionAlreadyEnded: "Cet abonnement est terminé : rachetez plutôt l’article.",
  },
  successes: {
    cardSaved: "Carte enregistrée.",
    cardRemoved: "Carte supprimée.",
    defaultCardChosen: "Les renouvellements utilisent désormais cette carte.",
    autoRenewOn: "Cet abonnement se renouvelle désormais automatiquement.",
    autoRenewOff: "Cet abonnement ne se renouvelle plus automatiquement.",
  },
};
