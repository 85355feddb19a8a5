/** The view-as feature's API texts in English: its key set (fr.ts and ar.ts must have every key).
 * No import of ../types: see messages/reviews/en.ts. */
export const en = {
  messages: {
    viewAsReadOnly: "You are viewing as a client: nothing can be changed. End the view to act as yourself.",
    viewAsPasswordOrCode: "Give your password or a code from your authenticator app, not both.",
    viewAsSelf: "You cannot view as yourself.",
    viewAsStaff: "Only a client's account can be viewed as; this account is staff.",
    viewAsClosed: "This account is closed or deactivated: it cannot be viewed as.",
    notViewingAs: "This browser is not viewing as a client.",
  },
  successes: {
    viewAsStarted: "You are viewing as this client, read-only, for 30 minutes at most.",
    viewAsEnded: "The view as client has ended: you are signed in as yourself again.",
  },
} as const;
