import type { TourCatalog } from "./en";

export const fr: TourCatalog = {
  messages: {},
  successes: {
    tourSeen: "La visite guidée ne se lancera plus d’elle-même.",
    tourForgotten: "La visite guidée se lancera de nouveau sur votre page d’accueil.",
  },
};
