import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const ar: FeatureCatalog<typeof en> = {
  messages: {
    noSuchTicket: "لا توجد تذكرة بهذا المعرّف.",
    noSuchTicketAbout: "لا توجد دفعة أو مهمة أو فاتورة لك بهذا المرجع.",
    ticketBodyEmpty: "اكتب رسالة أولاً.",
    ticketNotesStaffOnly: "الملاحظات الداخلية للفريق فقط.",
    ticketStaffOnly: "الفريق وحده يغيّر تصنيف التذكرة أو المكلّف بها.",
    ticketOwnerMayOnlyClose: "يمكنك إغلاق تذكرتك؛ والفريق يغيّر حالاتها الأخرى.",
    ticketAssigneeNotStaff: "لا تُسند التذكرة إلا إلى من يجيب عن التذاكر.",
    ticketNothingToChange: "لا شيء لتغييره: اذكر حالة أو تصنيفاً أو مكلّفاً أو نجمة أو مجلداً أو علامة قراءة.",
  },
  successes: {
    ticketOpened: "أُرسلت التذكرة.",
    ticketDraftSaved: "حُفظت المسودة.",
    ticketReplied: "أُرسل الرد.",
    ticketNoteAdded: "أُضيفت الملاحظة.",
    ticketUpdated: "حُدّثت التذكرة.",
  },
};
