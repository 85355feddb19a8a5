import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {
    ticketFilesNeedDraft: "تُرسل الملفات مع مسودة محفوظة: احفظ التذكرة مسودةً ثم أرسلها مع ملفاتها.",
    ticketAttachmentsTooLarge: "لا يجوز أن يتجاوز مجموع ملفات الرسالة {size}.",
  },
  successes: {},
};
