import type { FeatureCatalog } from "../types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {},
  successes: {
    tourSeen: "لن تبدأ الجولة التعريفية من تلقاء نفسها مرة أخرى.",
    tourForgotten: "ستبدأ الجولة التعريفية من جديد في صفحتك الرئيسية.",
  },
};
