import type { en } from "./en";

/** Every key of the English texts, each a text, and no other (declared here: see en.ts on ../types). */
type Texts<S> = { readonly [K in keyof S]: string };

export const ar: { messages: Texts<typeof en.messages>; successes: Texts<typeof en.successes> } = {
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
