import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {
    noSuchReferralCode: "لا يملك أي عميل رمز الإحالة هذا.",
    ownReferralCode: "لا يمكنك استخدام رمز الإحالة الخاص بك.",
    alreadyReferred: "لهذا الحساب مُحيل بالفعل.",
    referralAfterPayment: "لا يُحتسب رمز الإحالة إلا قبل الدفعة الأولى.",
  },
  successes: {},
};
