import type { en } from "./en";

/** Every key of the English texts, each a text, and no other (declared here: see en.ts on ../types). */
type Texts<S> = { readonly [K in keyof S]: string };

export const ar: { messages: Texts<typeof en.messages>; successes: Texts<typeof en.successes> } = {
  messages: {
    noSuchSubscriptionToChange: "لا يوجد اشتراك لك بهذا المعرّف.",
    subscriptionNotActive: "لا يمكن تغيير الباقة إلا لاشتراك جارٍ الآن.",
    samePlan: "هذه هي باقة الاشتراك بالفعل: اختر باقة أخرى.",
    planChangePending: "تغيير هذا الاشتراك إلى باقة أخرى ينتظر الدفع: ادفعه أو ألغِه أولاً.",
    planChangeNotMade: "تعذّر إجراء تغيير الباقة: حاول مرة أخرى.",
  },
  successes: {
    planChangeMade: "تغيير باقتك جاهز: ادفعه لتنتقل إليها.",
    planChanged: "تغيّرت باقتك.",
  },
};
