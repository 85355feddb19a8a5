import type { FeatureEnglish } from "../catalog-types";

/** Live chat's API texts in English (decision 0031): its key set (fr.ts and ar.ts must have every key). */
export const en = {
  messages: {
    chatUpgradeRequired: "This address opens a WebSocket: send Upgrade: websocket.",
  },
  successes: {},
} as const satisfies FeatureEnglish;
