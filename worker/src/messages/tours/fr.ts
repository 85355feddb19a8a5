import type { FeatureCatalog } from "../types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {},
  successes: {
    tourSeen: "La visite guidée ne se lancera plus d’elle-même.",
    tourForgotten: "La visite guidée se lancera de nouveau sur votre page d’accueil.",
  },
};
