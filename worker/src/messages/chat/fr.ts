import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {
    chatUpgradeRequired: "Cette adresse ouvre un WebSocket : envoyez Upgrade: websocket.",
  },
  successes: {},
};
