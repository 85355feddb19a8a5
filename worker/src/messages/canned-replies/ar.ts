import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {
    noSuchCannedReply: "لا يوجد رد جاهز بهذا المعرّف.",
    cannedReplyEmpty: "اكتب نص الرد أولًا.",
    cannedReplyNameTaken: "يوجد رد جاهز بهذه اللغة يحمل هذا الاسم.",
    cannedRepliesFull: "يحتفظ الدعم بـ 200 رد جاهز على الأكثر: احذف واحدًا أولًا.",
  },
  successes: {
    cannedReplyAdded: "أُضيف الرد الجاهز.",
    cannedReplySaved: "حُفظ الرد الجاهز.",
    cannedReplyDeleted: "حُذف الرد الجاهز.",
  },
};
