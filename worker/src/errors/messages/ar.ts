import type { Catalog, Pattern } from "./index";

const exact: Catalog["exact"] = {
  "A report goes only with status 1 (done).": "لا يُرفق التقرير إلا مع الحالة 1 (منجزة).",
  "A role with this name already exists.": "يوجد دور بهذا الاسم بالفعل.",
  "A used coupon cannot be deleted.": "لا يمكن حذف قسيمة مستخدمة.",
  "An API key may only call the agent calls (claim-jobs, job-file, update-history).":
    "لا يمكن لمفتاح API إلا استدعاء عمليات الوكيل (claim-jobs وjob-file وupdate-history).",
  "An account with this email already exists.": "يوجد حساب بهذا البريد الإلكتروني بالفعل.",
  "An item of this payment no longer exists; cancel the payment instead.":
    "أحد عناصر هذه الدفعة لم يعد موجودًا؛ يُرجى إلغاء الدفعة بدلًا من ذلك.",
  "Built-in roles cannot be changed or deleted.": "لا يمكن تعديل الأدوار المدمجة أو حذفها.",
  "Change the quota with an adjustment, so the ledger records it.": "غيّر الحصة عبر تسوية حتى تُسجَّل في السجل.",
  "Change your password from the security settings.": "غيّر كلمة المرور من إعدادات الأمان.",
  "Every API call is a POST.": "تُرسل جميع استدعاءات API بطريقة POST.",
  "Name both kind and refId to buy one product.": "حدّد كلًّا من kind وrefId لشراء منتج.",
  "No such API key.": "مفتاح API هذا غير موجود.",
  "No such bundle.": "هذه الباقة غير موجودة.",
  "No such coupon.": "هذه القسيمة غير موجودة.",
  "No such file.": "هذا الملف غير موجود.",
  "No such item.": "هذا العنصر غير موجود.",
  "No such job.": "هذه المهمة غير موجودة.",
  "No such payment.": "هذه الدفعة غير موجودة.",
  "No such role.": "هذا الدور غير موجود.",
  "No such session.": "هذه الجلسة غير موجودة.",
  "No such site, or it is not available.": "هذا الموقع غير موجود أو غير متاح.",
  "No such site.": "هذا الموقع غير موجود.",
  "No such user.": "هذا المستخدم غير موجود.",
  "No such vendor account.": "حساب المورّد هذا غير موجود.",
  "Only a paid payment has an invoice.": "لا تصدر فاتورة إلا للدفعة المسدَّدة.",
  "Only a pending payment can be cancelled.": "لا يمكن إلغاء إلا الدفعة المعلّقة.",
  "Only a pending payment can be confirmed.": "لا يمكن تأكيد إلا الدفعة المعلّقة.",
  "Only an admin may change a role, a status or a quota.": "لا يحق تغيير الدور أو الحالة أو الحصة إلا للمسؤول.",
  "Only an administrator may do this.": "لا يحق القيام بهذا الإجراء إلا للمسؤول.",
  "Only the first 1,000 rows of a list can be paged through; narrow it with a search or a filter.":
    "لا يمكن تصفح سوى أول 1000 صف من القائمة؛ ضيّقها ببحث أو عامل تصفية.",
  "Please sign in to continue.": "يُرجى تسجيل الدخول للمتابعة.",
  "Requests from another site are not accepted.": "لا تُقبل الطلبات الواردة من موقع آخر.",
  "Send the body as application/json.": "أرسل محتوى الطلب بصيغة application/json.",
  "Something went wrong. Please try again.": "حدث خطأ ما. يُرجى المحاولة مرة أخرى.",
  "Start the set-up first.": "يُرجى بدء الإعداد أولًا.",
  "The API key is not valid.": "مفتاح API غير صالح.",
  "The amount does not match the payment.": "المبلغ لا يطابق الدفعة.",
  "The code is not correct.": "الرمز غير صحيح.",
  "The email or password is incorrect.": "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
  "The form data could not be read.": "تعذّرت قراءة بيانات النموذج.",
  "The last active admin cannot be removed, demoted or deactivated.": "لا يمكن حذف آخر مسؤول نشط أو خفض صلاحياته أو تعطيله.",
  "The password is not correct.": "كلمة المرور غير صحيحة.",
  "The payment could not be recorded.": "تعذّر تسجيل الدفعة.",
  "The price of this site has just changed. Please check it and try again.":
    "تغيّر سعر هذا الموقع للتو. يُرجى التحقق منه والمحاولة مرة أخرى.",
  "The quota cannot go below zero.": "لا يمكن أن تقل الحصة عن الصفر.",
  "The request body is not valid JSON.": "محتوى الطلب ليس JSON صالحًا.",
  "The request body must be a JSON object.": "يجب أن يكون محتوى الطلب كائن JSON.",
  "This API key is already revoked.": "تم إبطال مفتاح API هذا بالفعل.",
  "This account is deactivated. Please contact support.": "هذا الحساب معطّل. يُرجى التواصل مع الدعم.",
  "This call needs a signed-in user.": "يتطلب هذا الاستدعاء مستخدمًا مسجّل الدخول.",
  "This code has already been used. Wait for the next code and enter it.":
    "تم استخدام هذا الرمز من قبل. انتظر الرمز التالي ثم أدخله.",
  "This coupon code does not exist.": "رمز القسيمة هذا غير موجود.",
  "This coupon has expired.": "انتهت صلاحية هذه القسيمة.",
  "This coupon was already used.": "تم استخدام هذه القسيمة من قبل.",
  "This item has subscriptions and cannot be deleted. Deactivate it instead.":
    "لهذا العنصر اشتراكات ولا يمكن حذفه. عطّله بدلًا من ذلك.",
  "This job is already finished and cannot be changed.": "هذه المهمة منتهية بالفعل ولا يمكن تعديلها.",
  "This payment has no proof of transfer.": "لا يوجد إثبات تحويل لهذه الدفعة.",
  "This payment is already paid.": "هذه الدفعة مسدَّدة بالفعل.",
  "This payment is no longer open.": "هذه الدفعة لم تعد مفتوحة.",
  "This payment no longer takes a proof of transfer.": "لم تعد هذه الدفعة تقبل إثبات تحويل.",
  "This reset link is invalid or has expired. Please ask for a new one.":
    "رابط إعادة التعيين هذا غير صالح أو منتهي الصلاحية. يُرجى طلب رابط جديد.",
  "This role does not exist.": "هذا الدور غير موجود.",
  "This role still has users. Give them another role first.": "لا يزال لهذا الدور مستخدمون. امنحهم دورًا آخر أولًا.",
  "This sign-in has expired. Please sign in again.": "انتهت صلاحية عملية تسجيل الدخول هذه. يُرجى تسجيل الدخول مرة أخرى.",
  "This site cannot take new jobs right now: no vendor account is available. Please try again later.":
    "لا يمكن لهذا الموقع قبول مهام جديدة حاليًا: لا يتوفر أي حساب مورّد. يُرجى المحاولة لاحقًا.",
  "This site does not exist.": "هذا الموقع غير موجود.",
  "This site has queued jobs. Wait until they are processed before deleting it.":
    "لهذا الموقع مهام في قائمة الانتظار. انتظر حتى تتم معالجتها قبل حذفه.",
  "This vendor account has queued jobs. Wait until they are processed before deleting it.":
    "لحساب المورّد هذا مهام في قائمة الانتظار. انتظر حتى تتم معالجتها قبل حذفه.",
  "This verification link is invalid or has expired.": "رابط التحقق هذا غير صالح أو منتهي الصلاحية.",
  "Too many sign-in attempts. Please wait 15 minutes and try again.":
    "محاولات تسجيل دخول كثيرة جدًا. يُرجى الانتظار 15 دقيقة ثم المحاولة مرة أخرى.",
  "Too many wrong codes. Please sign in again.": "رموز خاطئة كثيرة جدًا. يُرجى تسجيل الدخول مرة أخرى.",
  "Two-factor authentication is already on.": "المصادقة الثنائية مفعّلة بالفعل.",
  "Unique codes could not be drawn. Try again.": "تعذّر توليد رموز فريدة. يُرجى المحاولة مرة أخرى.",
  "You cannot change your own role or deactivate yourself.": "لا يمكنك تغيير دورك أو تعطيل حسابك بنفسك.",
  "You cannot delete your own account.": "لا يمكنك حذف حسابك الخاص.",
  "You may only edit your own profile.": "لا يمكنك تعديل سوى ملفك الشخصي.",
  "You may only see your own cart.": "لا يمكنك الاطلاع إلا على سلتك.",
  "You may only see your own quota.": "لا يمكنك الاطلاع إلا على حصتك.",
  "You may only see your own subscriptions.": "لا يمكنك الاطلاع إلا على اشتراكاتك.",
  "Your cart is empty.": "سلتك فارغة.",
  "Your email address is already confirmed.": "تم تأكيد بريدك الإلكتروني بالفعل.",
};

const TYPES: Record<string, string> = {
  string: "نصًا",
  number: "رقمًا",
  boolean: "قيمة صح أو خطأ",
  array: "قائمة",
  object: "كائنًا",
  date: "تاريخًا",
  file: "ملفًا",
};

const ACTIONS: Record<string, string> = {
  manage: "إدارة",
  read: "عرض",
  create: "إنشاء",
  update: "تعديل",
  delete: "حذف",
  redeem: "استخدام",
  claim: "استلام",
};

const KINDS: Record<string, string> = { item: "عنصر", bundle: "باقة" };

/** The zod problem texts of http/body.ts `describeIssue`, plus the few routes add to a field. */
function issue(text: string): string | undefined {
  let m: RegExpExecArray | null;
  if (text === "is not valid") return "غير صالح";
  if (text === "must be a whole number") return "يجب أن يكون عددًا صحيحًا";
  if (text === "must be an email address") return "يجب أن يكون عنوان بريد إلكتروني";
  if (text === "must not be in the past") return "يجب ألا يكون في الماضي";
  if ((m = /^must be at least (\S+) characters long$/.exec(text))) return `يجب ألا يقل عن ${m[1]} حرفًا`;
  if ((m = /^must be at most (\S+) characters long$/.exec(text))) return `يجب ألا يزيد على ${m[1]} حرفًا`;
  if ((m = /^must be at least (\S+)$/.exec(text))) return `يجب ألا يقل عن ${m[1]}`;
  if ((m = /^must be at most (\S+)$/.exec(text))) return `يجب ألا يزيد على ${m[1]}`;
  if ((m = /^must be one of (.+)$/.exec(text))) return `يجب أن يكون إحدى القيم التالية: ${m[1]}`;
  if ((m = /^must be a valid (.+)$/.exec(text))) return `يجب أن يكون بصيغة ${m[1]} صالحة`;
  if ((m = /^must be an? (\w+)$/.exec(text))) return `يجب أن يكون ${TYPES[m[1]!] ?? `من النوع ${m[1]}`}`;
  return undefined;
}

const patterns: readonly Pattern[] = [
  [/^The field "(.+?)" is required\.$/, ([field]) => `الحقل «${field}» مطلوب.`],
  [/^The field "(.+?)" (.+)\.$/, ([field, text]) => withIssue(`الحقل «${field}»`, text!)],
  [/^The request body is larger than (.+)\.$/, ([size]) => `يتجاوز محتوى الطلب ${size}.`],
  [/^The upload is larger than (.+)\.$/, ([size]) => `يتجاوز الملف المرفوع ${size}.`],
  [/^The request (.+)\.$/, ([text]) => withIssue("الطلب", text!)],
  [/^The file "(.+?)" is larger than (.+)\.$/, ([field, size]) => `يتجاوز الملف «${field}» ${size}.`],
  [
    /^The file "(.+?)" must be one of: (.+)\.$/,
    ([field, kinds]) => `يجب أن يكون الملف «${field}» من أحد الأنواع التالية: ${kinds}.`,
  ],
  [/^The signature is not valid \((.+)\)\.$/, ([problem]) => `التوقيع غير صالح (${problem}).`],
  [/^Unknown call "(.*)"\.$/, ([name]) => `استدعاء غير معروف: «${name}».`],
  [/^Unknown field "(.*)"\.$/, ([name]) => `حقل غير معروف: «${name}».`],
  [/^You are not allowed to (\w+) (\w+)\.$/, ([action, subject]) => `ليس لديك إذن ${ACTIONS[action!] ?? action} ${subject}.`],
  [
    /^"(.*)" is no longer on sale\. Remove it from your cart\.$/s,
    ([name]) => `«${name}» لم يعد معروضًا للبيع. يُرجى إزالته من سلتك.`,
  ],
  [/^No such (\w+) on sale\.$/, ([kind]) => `هذا المنتج (${KINDS[kind!] ?? kind}) غير معروض للبيع.`],
  [/^No such (\w+) \((.*)\)\.$/, ([kind, ref]) => `المنتج (${KINDS[kind!] ?? kind} ${ref}) غير موجود.`],
  [
    /^You do not have enough points for this site: it costs (\S+) points and your balance is (\S+)\. Buy points to continue\.$/,
    ([price, balance]) => `ليس لديك نقاط كافية لهذا الموقع: تكلفته ${price} نقطة ورصيدك ${balance}. اشترِ نقاطًا للمتابعة.`,
  ],
];

function withIssue(subject: string, text: string): string | undefined {
  const translated = issue(text);
  return translated === undefined ? undefined : `${subject} ${translated}.`;
}

export const ar: Catalog = { exact, patterns };
