import type { en } from "./en";

/** Every key of the English texts, each a text, and no other (declared here: see en.ts on ../types). */
type Texts<S> = { readonly [K in keyof S]: string };

export const fr: { messages: Texts<typeof en.messages>; successes: Texts<typeof en.successes> } = {
  messages: {
    noSuchSubscriptionToChange: "Aucun de vos abonnements n’a cet identifiant.",
    subscriptionNotActive: "Seul un abonnement en cours peut changer de forfait.",
    samePlan: "C’est déjà le forfait de cet abonnement : choisissez-en un autre.",
    planChangePending:
      "Un changement de cet abonnement vers un autre forfait attend son paiement : payez-le ou annulez-le d’abord.",
    planChangeNotMade: "Le changement de forfait n’a pas pu être fait : réessayez.",
  },
  successes: {
    planChangeMade: "Votre changement de forfait est prêt : payez-le pour basculer.",
    planChanged: "Votre forfait a changé.",
  },
};
