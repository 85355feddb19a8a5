import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {
    noSuchReferralCode: "Aucun client n’a ce code de parrainage.",
    ownReferralCode: "Vous ne pouvez pas utiliser votre propre code de parrainage.",
    alreadyReferred: "Ce compte a déjà un parrain.",
    referralAfterPayment: "Un code de parrainage ne compte qu’avant le premier paiement.",
  },
  successes: {},
};
