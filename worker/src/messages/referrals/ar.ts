import type { en } from "./en";

/** Every key of the English texts, each a text, and no other (declared here: see en.ts on ../types). */
type Texts<S> = { readonly [K in keyof S]: string };

export const ar: { messages: Texts<typeof en.messages>; successes: Texts<typeof en.successes> } = {
  messages: {
    noSuchReferralCode: "لا يملك أي عميل رمز الإحالة هذا.",
    ownReferralCode: "لا يمكنك استخدام رمز الإحالة الخاص بك.",
    alreadyReferred: "لهذا الحساب مُحيل بالفعل.",
    referralAfterPayment: "لا يُحتسب رمز الإحالة إلا قبل الدفعة الأولى.",
  },
  successes: {},
};
