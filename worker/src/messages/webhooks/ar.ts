import type { WebhooksCatalog } from "./en";

export const ar: WebhooksCatalog = {
  messages: {
    noSuchWebhook: "لا توجد نقطة استقبال webhook بهذا المعرّف.",
    noSuchWebhookDelivery: "لا يوجد تسليم webhook بهذا المعرّف.",
    webhookUrlInvalid: "هذا ليس عنوان ويب يمكن إرسال webhook إليه.",
    webhookUrlNotHttps: "يجب أن يبدأ العنوان بـ https://.",
    webhookUrlPrivate: "يجب أن يكون العنوان عامًا: تُرفض العناوين الخاصة والمحلية للرابط وعناوين الاسترجاع.",
    webhookUrlUnresolved: "تعذّر العثور على اسم المضيف لهذا العنوان.",
    webhookEndpointInactive: "فعّل نقطة الاستقبال قبل إعادة الإرسال إليها.",
  },
  successes: {
    webhookCreated: "تم إنشاء نقطة الاستقبال. انسخ سر التوقيع الآن: لن يُعرض إلا مرة واحدة.",
    webhookSaved: "تم حفظ نقطة الاستقبال.",
    webhookDeleted: "تم حذف نقطة الاستقبال.",
    webhookDeliveryResent: "تمت إعادة إرسال الحدث.",
  },
};
