import type { TourCatalog } from "./en";

export const ar: TourCatalog = {
  messages: {},
  successes: {
    tourSeen: "لن تبدأ الجولة التعريفية من تلقاء نفسها مرة أخرى.",
    tourForgotten: "ستبدأ الجولة التعريفية من جديد في صفحتك الرئيسية.",
  },
};
