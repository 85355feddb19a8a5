import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {
    ticketAttachmentsTooLarge: "لا يجوز أن يتجاوز مجموع ملفات الرسالة {size}.",
  },
  successes: {},
};
