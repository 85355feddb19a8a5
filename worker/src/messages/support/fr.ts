import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {
    noSuchTicket: "Ce ticket n’existe pas.",
    noSuchTicketAbout: "Aucun de vos paiements, travaux ou factures n’a cette référence.",
    ticketBodyEmpty: "Écrivez d’abord un message.",
    ticketNotesStaffOnly: "Seule l’équipe peut ajouter des notes internes.",
    ticketStaffOnly: "Seule l’équipe peut changer l’étiquette ou l’assignation d’un ticket.",
    ticketOwnerMayOnlyClose: "Vous pouvez fermer votre ticket ; l’équipe change ses autres statuts.",
    ticketAssigneeNotStaff: "Un ticket ne peut être assigné qu’à une personne qui répond aux tickets.",
    ticketNothingToChange:
      "Rien à changer : indiquez un statut, une étiquette, une assignation, une étoile, un dossier ou une lecture.",
  },
  successes: {
    ticketOpened: "Ticket envoyé.",
    ticketDraftSaved: "Brouillon enregistré.",
    ticketReplied: "Réponse envoyée.",
    ticketNoteAdded: "Note ajoutée.",
    ticketUpdated: "Ticket mis à jour.",
  },
};
