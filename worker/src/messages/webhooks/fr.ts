import type { WebhooksCatalog } from "./en";

export const fr: WebhooksCatalog = {
  messages: {
    noSuchWebhook: "Aucun point de terminaison de webhook n’a cet identifiant.",
    noSuchWebhookDelivery: "Aucune livraison de webhook n’a cet identifiant.",
    webhookUrlInvalid: "Ce n’est pas une adresse web à laquelle un webhook peut être envoyé.",
    webhookUrlNotHttps: "L’adresse doit commencer par https://.",
    webhookUrlPrivate: "L’adresse doit être publique : les adresses privées, locales au lien et de bouclage sont refusées.",
    webhookUrlUnresolved: "Le nom d’hôte de cette adresse est introuvable.",
    webhookEndpointInactive: "Activez le point de terminaison avant de lui renvoyer un événement.",
  },
  successes: {
    webhookCreated: "Point de terminaison créé. Copiez son secret de signature maintenant : il n’est affiché qu’une fois.",
    webhookSaved: "Point de terminaison enregistré.",
    webhookDeleted: "Point de terminaison supprimé.",
    webhookDeliveryResent: "Événement renvoyé.",
  },
};
