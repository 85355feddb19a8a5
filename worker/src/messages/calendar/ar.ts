import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {
    calendarPeriodInvalid: "يجب أن يكون تاريخ النهاية في يوم البداية أو بعده، وبحدّ أقصى 92 يومًا.",
    ownCalendarOnly: "يمكنك رؤية تقويمك فقط.",
  },
  successes: {
    calendarSubscriptionEnds: "انتهاء الاشتراك: {title}",
    calendarPaymentExpires: "انتهاء مهلة الدفع: {title}",
    calendarCouponExpires: "انتهاء القسيمة: {title}",
    calendarRenewal: "التجديد: {title}",
  },
};
