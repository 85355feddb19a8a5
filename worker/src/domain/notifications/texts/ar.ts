import type { NotificationTexts } from "./types";

export const ar: NotificationTexts = {
  "subscription-ending": ({ item, endsAt, days, renews }, f) =>
    renews
      ? {
          title:
            days > 2
              ? `يتجدد ${item} خلال ${days} أيام`
              : days === 2
                ? `يتجدد ${item} خلال يومين`
                : `يتجدد ${item} خلال أقل من يوم`,
          body: renews.card
            ? `يتجدد اشتراكك في ${item} تلقائيًا في ${f.date(endsAt)}، ويُخصم المبلغ من بطاقتك ${renews.card.brand} المنتهية بـ ${renews.card.last4}.`
            : `يتجدد اشتراكك في ${item} تلقائيًا في ${f.date(endsAt)}. لا توجد بطاقة محفوظة: سنرسل إليك صفحة الدفع.`,
          action: "إدارة التجديد",
        }
      : {
          title:
            days > 2
              ? `ينتهي ${item} خلال ${days} أيام`
              : days === 2
                ? `ينتهي ${item} خلال يومين`
                : `ينتهي ${item} خلال أقل من يوم`,
          body: `ينتهي اشتراكك في ${item} في ${f.date(endsAt)}. جدّده للاحتفاظ بالوصول.`,
          action: "جدّد الآن",
        },
  "subscription-ended": ({ item, endedAt }, f) => ({
    title: `انتهى ${item}`,
    body: `انتهى اشتراكك في ${item} في ${f.date(endedAt)}. اشترِه مجددًا لاستعادة الوصول.`,
    action: "اشترِه مجددًا",
  }),
  "payment-reminder": ({ amount, currency, expiresAt }, f) => ({
    title: `تنتهي صلاحية دفعتك البالغة ${f.money(amount, currency)} قريبًا`,
    body: `دفعتك البالغة ${f.money(amount, currency)} ما زالت مفتوحة وتنتهي صلاحيتها في ${f.date(expiresAt)}. ادفعها قبل ذلك وإلا أُلغيت.`,
    action: "ادفع الآن",
  }),
  "low-balance": ({ balance, threshold }) => ({
    title: `رصيدك منخفض: ${balance} نقطة`,
    body: `تبقّى لديك ${balance} نقطة، وهو أقل من حد التنبيه ${threshold}. اشحن رصيدك لمواصلة استخدام المواقع.`,
    action: "شراء نقاط",
  }),
  "job-done": ({ site, fileName, similarity }) => ({
    title: `نتيجتك من ${site} جاهزة`,
    body: `«${fileName}»: نسبة التشابه ${similarity}%.`,
    action: "عرض النتيجة",
  }),
  "job-failed": ({ site, fileName, refunded }) => ({
    title: `تعذّرت معالجة طلبك على ${site}`,
    body: refunded > 0 ? `تعذّرت معالجة «${fileName}»؛ أُعيدت نقاطه (${refunded}) إلى رصيدك.` : `تعذّرت معالجة «${fileName}».`,
    action: "حاول مرة أخرى",
  }),
  "payment-confirmed": ({ amount, currency, invoiceNumber }, f) => ({
    title: `استلمنا دفعتك البالغة ${f.money(amount, currency)}`,
    body: invoiceNumber === null ? "نقاطك واشتراكاتك مفعّلة الآن." : `الفاتورة رقم ${invoiceNumber}. نقاطك واشتراكاتك مفعّلة الآن.`,
    action: "عرض الفوترة",
  }),
  "payment-refunded": ({ amount, currency }, f) => ({
    title: `استُرد مبلغ ${f.money(amount, currency)}`,
    body: `استرداد بقيمة ${f.money(amount, currency)} في طريقه إليك.`,
    action: "عرض الفوترة",
  }),
  "fleet-failing": ({ vendor, site, failed, finished }) => ({
    title: `حساب المورّد ${vendor} (${site}) يفشل في مهامه`,
    body: `في الساعة الأخيرة فشلت ${failed} من أصل ${finished} مهام لحساب المورّد ${vendor}. افحص الحساب أو أوقفه مؤقتًا.`,
    action: "افتح الأسطول",
  }),
  "fleet-no-vendor": ({ site, waiting }) => ({
    title: `لا يوجد حساب مورّد نشط للموقع ${site}`,
    body: `${waiting} مهام للموقع ${site} في الانتظار، ولا يوجد أي حساب مورّد نشط له. استأنف حسابًا أو أضف حسابًا جديدًا.`,
    action: "افتح الأسطول",
  }),
  "renewal-failed": ({ item, amount, currency, retryAt, endsAt, authentication }, f) => ({
    title: authentication ? `أكّد تجديد ${item}` : `لم يتم تجديد ${item}`,
    body: [
      authentication
        ? `يطلب منك مصرفك تأكيد دفع ${f.money(amount, currency)} مقابل ${item}.`
        : `لم تُخصم ${f.money(amount, currency)} من بطاقتك مقابل ${item}.`,
      retryAt
        ? `سنحاول مرة أخرى في ${f.date(retryAt)}؛ ينتهي الاشتراك في ${f.date(endsAt)} ما لم يُدفع.`
        : `كانت هذه المحاولة الأخيرة: ينتهي الاشتراك في ${f.date(endsAt)} (أو انتهى). اشترِه مجددًا لاستعادة الوصول.`,
    ].join(" "),
    action: authentication ? "تأكيد الدفع" : "عرض بطاقاتي",
  }),
  "renewal-payment-due": ({ item, amount, currency, endsAt }, f) => ({
    title: `تجديد ${item} جاهز للدفع`,
    body: `ينتهي اشتراكك في ${item} في ${f.date(endsAt)}. ادفع ${f.money(amount, currency)} لتجديده.`,
    action: "ادفع الآن",
  }),
  "points-expiring": ({ points, expiresAt }, f) => ({
    title: `تنتهي صلاحية ${points} نقطة في ${f.date(expiresAt)}`,
    body: `تنتهي صلاحية ${points} من نقاطك في ${f.date(expiresAt)}. استخدمها في أحد المواقع قبل ذلك.`,
    action: "عرض نقاطي",
  }),
  "ticket-reply": ({ ticketId, subject, author, text }) => ({
    title: `رد جديد على التذكرة رقم ${ticketId}: ${subject}`,
    body: `كتب ${author}: ${text}`,
    action: "فتح التذكرة",
  }),
  greeting: (name) => `مرحبًا ${name}،`,
  mailFooter: (what) => ({
    text: `تصلك هذه الرسالة لأن ${what} مفعّلة في إعدادات الإشعارات لديك.`,
    link: "إيقاف هذه الرسائل",
  }),
  preference: {
    subscriptionEnding: "تذكيرات الاشتراك",
    paymentReminder: "تذكيرات الدفع",
    lowBalance: "تنبيهات انخفاض الرصيد",
    jobDone: "نتائج الطلبات",
  },
};
