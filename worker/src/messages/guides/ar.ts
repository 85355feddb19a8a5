import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {
    noSuchArticle: "لا توجد مقالة منشورة بهذا العنوان.",
    noSuchCourse: "لا توجد دورة بهذا الاسم.",
    articleSlugTaken: "توجد مقالة أخرى بهذا العنوان بالفعل.",
  },
  successes: {
    articleSaved: "تم حفظ المقالة.",
    articleDeleted: "تم حذف المقالة.",
    articleMarkedRead: "تم وضع علامة مقروءة على المقالة.",
  },
};
