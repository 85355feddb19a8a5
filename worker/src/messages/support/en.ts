import type { FeatureEnglish } from "../catalog-types";

/** The support desk's API texts in English: its key set (fr.ts and ar.ts must have every key). */
export const en = {
  messages: {
    noSuchTicket: "No such ticket.",
    noSuchTicketAbout: "No payment, job or invoice of yours has this reference.",
    ticketBodyEmpty: "Write a message first.",
    ticketNotesStaffOnly: "Only staff may add internal notes.",
    ticketStaffOnly: "Only staff may change a ticket's label or assignee.",
    ticketOwnerMayOnlyClose: "You may close your ticket; staff change its other statuses.",
    ticketAssigneeNotStaff: "A ticket can only be assigned to someone who answers tickets.",
    ticketNothingToChange: "Nothing to change: name a status, label, assignee, star, folder or read mark.",
  },
  successes: {
    ticketOpened: "Ticket sent.",
    ticketDraftSaved: "Draft saved.",
    ticketReplied: "Reply sent.",
    ticketNoteAdded: "Note added.",
    ticketUpdated: "Ticket updated.",
  },
} as const satisfies FeatureEnglish;
