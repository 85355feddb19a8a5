import type { en } from "./en";

/** Every key of the English texts, each a text, and no other (declared here: see en.ts on ../types). */
type Texts<S> = { readonly [K in keyof S]: string };

export const fr: { messages: Texts<typeof en.messages>; successes: Texts<typeof en.successes> } = {
  messages: {
    noEInvoiceParties:
      "Ce document ne peut pas être une facture électronique : le pays du vendeur (réglages de la boutique) ou l’adresse e-mail de l’acheteur manque.",
  },
  successes: {},
};
