import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {
    chatUpgradeRequired: "هذا العنوان يفتح اتصال WebSocket: أرسل Upgrade: websocket.",
  },
  successes: {},
};
