import type { MailTexts } from "./types";

export const ar: MailTexts = {
  verify: ({ name, site, url }) => ({
    subject: `تأكيد بريدك الإلكتروني في ${site}`,
    greeting: `مرحبًا ${name}،`,
    paragraphs: ["يرجى تأكيد عنوان بريدك الإلكتروني بفتح هذا الرابط خلال 48 ساعة:"],
    action: { label: "تأكيد بريدي الإلكتروني", url },
    closing: "إذا لم تنشئ حسابًا، فتجاهل هذه الرسالة.",
  }),
  reset: ({ name, site, url }) => ({
    subject: `إعادة تعيين كلمة المرور في ${site}`,
    greeting: `مرحبًا ${name}،`,
    paragraphs: ["طلب أحدهم إعادة تعيين كلمة مرور هذا الحساب. افتح هذا الرابط خلال ساعة واحدة لاختيار كلمة مرور جديدة:"],
    action: { label: "اختيار كلمة مرور جديدة", url },
    closing: "إذا لم تكن أنت، فتجاهل هذه الرسالة؛ تبقى كلمة مرورك كما هي.",
  }),
  invoice: ({ name, site, number, paidAt, lines, total, url }) => ({
    subject: `${site}: الفاتورة رقم ${number}`,
    greeting: `مرحبًا ${name}،`,
    paragraphs: [`تجد أدناه فاتورتك رقم ${number}.`, `تاريخ الدفع: ${paidAt}`],
    rows: [...lines.map((l): [string, string] => [`${l.qty} × ${l.name}`, l.total]), ["المجموع", total]],
    action: { label: "عرض الفاتورة", url },
  }),
  proofNotice: ({ site, referenceId, amount, url }) => ({
    subject: `${site}: إثبات تحويل بانتظار المراجعة`,
    greeting: "مرحبًا،",
    paragraphs: [
      `رفع أحد الدافعين إثبات تحويل للدفعة ${referenceId} (${amount}).`,
      "لم تعد هذه الدفعة تنتهي صلاحيتها: إنها بانتظارك في أعلى قائمة الدفعات. يرجى مراجعتها ثم تأكيدها أو إلغاؤها:",
    ],
    action: { label: "فتح الدفعة", url },
  }),
  receipt: ({ name, site, referenceId, number, lines, url }) => ({
    subject: `${site}: إيصال الفاتورة رقم ${number}`,
    greeting: `مرحبًا ${name}،`,
    paragraphs: [`شكرًا لك: استلمنا دفعتك ${referenceId}. رقم فاتورتك هو ${number}.`, ...lines, "نقاطك واشتراكاتك مفعّلة الآن."],
    action: { label: "عرض الفوترة", url },
  }),
  jobDone: ({ name, site, fileName, url, similarity, hasReport }) => ({
    subject: `نتيجتك من ${site} جاهزة`,
    greeting: `مرحبًا ${name}،`,
    paragraphs: [`عالج ${site} مستندك «${fileName}».`, `نسبة التشابه: ${similarity}%`],
    action: { label: hasReport ? "فتح تنزيلاتي" : "فتح سجلي", url },
  }),
  jobFailed: ({ name, site, fileName, url, refunded }) => ({
    subject: `تعذّرت معالجة طلبك على ${site}`,
    greeting: `مرحبًا ${name}،`,
    paragraphs: [
      `تعذّر على ${site} معالجة مستندك «${fileName}».`,
      refunded > 0 ? `أُعيدت النقاط التي كلّفها (${refunded}) إلى رصيدك.` : "لم يكلّفك أي نقاط.",
    ],
    action: { label: "حاول مرة أخرى", url },
  }),
  creditNote: ({ name, site, number, invoiceNumber, amount, reason, url }) => ({
    subject: `${site}: إشعار دائن ${number} للفاتورة رقم ${invoiceNumber}`,
    greeting: `مرحبًا ${name}،`,
    paragraphs: [
      `رددنا إليك ${amount} من الفاتورة رقم ${invoiceNumber}. إشعارك الدائن ${number} مرفق.`,
      `السبب: ${reason}`,
      "استُرجعت النقاط والاشتراكات التي اشتراها الجزء المردود.",
    ],
    action: { label: "عرض الفوترة", url },
  }),
  recoveryCodeUsed: ({ name, site, left, ip, url }) => ({
    subject: `${site}: استُخدم رمز استرداد لتسجيل الدخول`,
    greeting: `مرحبًا ${name}،`,
    paragraphs: [
      `استُخدم للتو رمز استرداد للتحقق بخطوتين لتسجيل الدخول إلى حسابك${ip ? ` من العنوان ${ip}` : ""}. يصلح كل رمز مرة واحدة فقط.`,
      `عدد رموز الاسترداد المتبقية لديك: ${left}.`,
      "إن لم تكن أنت، فغيّر كلمة المرور وأنشئ رموز استرداد جديدة الآن:",
    ],
    action: { label: "فتح إعدادات الأمان", url },
  }),
  passkeyChanged: ({ name, site, passkeyName, added, ip, url }) => ({
    subject: added ? `${site}: أُضيف مفتاح مرور إلى حسابك` : `${site}: أُزيل مفتاح مرور من حسابك`,
    greeting: `مرحبًا ${name}،`,
    paragraphs: [
      added
        ? `أُضيف للتو مفتاح المرور «${passkeyName}» إلى حسابك${ip ? ` من العنوان ${ip}` : ""}. صار بإمكانه تسجيل دخولك.`
        : `أُزيل للتو مفتاح المرور «${passkeyName}» من حسابك${ip ? ` من العنوان ${ip}` : ""}. لم يعد بإمكانه تسجيل دخولك.`,
      "إن لم تكن أنت، فغيّر كلمة المرور وراجع مفاتيح المرور الآن:",
    ],
    action: { label: "فتح إعدادات الأمان", url },
  }),
  webhookDisabled: ({ name, site, endpoint, since, url }) => ({
    subject: `${site}: تم إيقاف نقطة استقبال webhook`,
    greeting: `مرحبًا ${name}،`,
    paragraphs: [
      `فشلت كل عمليات التسليم إلى ${endpoint} منذ ${since}، لذلك لن تتلقى أحداثًا بعد الآن.`,
      "أصلح المستقبِل، ثم أعد تشغيل نقطة الاستقبال وأعد إرسال ما فاتها من سجل التسليم:",
    ],
    action: { label: "فتح الـ webhooks", url },
  }),
};
