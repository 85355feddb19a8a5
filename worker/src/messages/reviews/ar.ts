import type { FeatureCatalog } from "../types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {
    noSuchReviewItem: "لا يوجد عنصر بهذا المعرّف.",
    reviewNotHolder: "لا يقيّم هذا العنصر إلا عميل يملكه أو سبق أن امتلكه.",
    noSuchReview: "لا توجد مراجعة بهذا المعرّف.",
  },
  successes: {
    reviewSaved: "شكرًا لك: حُفظت مراجعتك وستظهر بعد نشرها.",
    reviewPublished: "نُشرت المراجعة.",
    reviewHidden: "أُخفيت المراجعة.",
  },
};
