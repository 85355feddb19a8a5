import type { en } from "./en";

/** Every key of the English texts, each a text, and no other (declared here: see en.ts on ../types). */
type Texts<S> = { readonly [K in keyof S]: string };

export const fr: { messages: Texts<typeof en.messages>; successes: Texts<typeof en.successes> } = {
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
