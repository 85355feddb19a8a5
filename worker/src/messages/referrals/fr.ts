import type { en } from "./en";

/** Every key of the English texts, each a text, and no other (declared here: see en.ts on ../types). */
type Texts<S> = { readonly [K in keyof S]: string };

export const fr: { messages: Texts<typeof en.messages>; successes: Texts<typeof en.successes> } = {
  messages: {
    noSuchReferralCode: "Aucun client n’a ce code de parrainage.",
    ownReferralCode: "Vous ne pouvez pas utiliser votre propre code de parrainage.",
    alreadyReferred: "Ce compte a déjà un parrain.",
    referralAfterPayment: "Un code de parrainage ne compte qu’avant le premier paiement.",
  },
  successes: {},
};
