import type { en } from "./en";

/** Every key of the English texts, each a text, and no other (declared here: see en.ts on ../types). */
type Texts<S> = { readonly [K in keyof S]: string };

export const fr: { messages: Texts<typeof en.messages>; successes: Texts<typeof en.successes> } = {
  messages: {
    viewAsReadOnly:
      "Vous voyez le compte en tant que client : rien ne peut être modifié. Terminez la vue pour agir en votre nom.",
    viewAsPasswordOrCode: "Donnez votre mot de passe ou un code de votre application d’authentification, pas les deux.",
    viewAsSelf: "Vous ne pouvez pas voir votre propre compte en tant que client.",
    viewAsStaff: "Seul le compte d’un client peut être vu ainsi ; ce compte appartient à l’équipe.",
    viewAsClosed: "Ce compte est fermé ou désactivé : il ne peut pas être vu en tant que client.",
    notViewingAs: "Ce navigateur ne voit aucun compte en tant que client.",
  },
  successes: {
    viewAsStarted: "Vous voyez le compte de ce client, en lecture seule, pendant 30 minutes au plus.",
    viewAsEnded: "La vue en tant que client est terminée : vous êtes de nouveau connecté à votre nom.",
  },
};
