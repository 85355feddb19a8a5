/**
 * Outbound webhooks (issue 42 item 3): the feature's API texts in English, its key set. Its catalogs name
 * no type of ../types.ts (the import circle tests/tools/import-cycles.test.ts refuses). Plain texts.
 */
export const en = {
  messages: {
    noSuchWebhook: "No webhook endpoint has this id.",
    noSuchWebhookDelivery: "No webhook delivery has this id.",
    webhookUrlInvalid: "This is not a web address a webhook can be sent to.",
    webhookUrlNotHttps: "The address must start with https://.",
    webhookUrlPrivate: "The address must be public: private, link-local and loopback addresses are refused.",
    webhookUrlUnresolved: "This address's host name could not be found.",
    webhookEndpointInactive: "Turn the endpoint on before resending to it.",
  },
  successes: {
    webhookCreated: "Endpoint created. Copy its signing secret now: it is shown only once.",
    webhookSaved: "Endpoint saved.",
    webhookDeleted: "Endpoint deleted.",
    webhookDeliveryResent: "Event sent again.",
  },
} as const;

/** A translation of these texts: every key, no other. */
export type WebhooksCatalog = {
  [S in keyof typeof en]: { readonly [K in keyof (typeof en)[S]]: string };
};
