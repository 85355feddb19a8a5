import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {
    noSuchMailKind: "لا توجد رسالة بهذا النوع.",
    mailTemplateUnknownPlaceholder: "لا يوجد في هذه الرسالة حقل {placeholder}. الحقول المتاحة: {allowed}.",
    mailTemplateMalformed: "يوجد قوس في غير موضعه قرب «{near}»: الحقل اسم بين زوجين من الأقواس.",
  },
  successes: {
    mailTemplateSaved: "حُفظ قالب الرسالة: تستخدمه الرسائل القادمة.",
    mailTemplateReset: "أُعيد قالب الرسالة إلى الأصل: تستخدم الرسائل القادمة النص الافتراضي.",
  },
};
