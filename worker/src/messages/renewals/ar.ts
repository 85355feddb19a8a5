import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {
    noSuchCard: "لا توجد بطاقة محفوظة لك بهذا المعرّف.",
    noSuchSubscriptionOfYours: "لا يوجد اشتراك لك بهذا المعرّف.",
    subscriptionAlreadyEnded: "انتهى هذا الاشتراك: اشترِ العنصر مجددًا بدلًا من ذلك.",
  },
  successes: {
    cardSaved: "حُفظت البطاقة.",
    cardRemoved: "حُذفت البطاقة.",
    defaultCardChosen: "تستخدم التجديدات هذه البطاقة الآن.",
    autoRenewOn: "يتجدد هذا الاشتراك تلقائيًا الآن.",
    autoRenewOff: "لم يعد هذا الاشتراك يتجدد تلقائيًا.",
  },
};
