import type { en } from "./en";

/** Every key of the English texts, each a text, and no other (declared here: see en.ts on ../types). */
type Texts<S> = { readonly [K in keyof S]: string };

export const ar: { messages: Texts<typeof en.messages>; successes: Texts<typeof en.successes> } = {
  messages: {
    viewAsReadOnly: "أنت تعرض الحساب بصفة العميل: لا يمكن تغيير أي شيء. أنهِ العرض لتتصرف باسمك.",
    viewAsPasswordOrCode: "أدخل كلمة المرور أو رمزًا من تطبيق المصادقة، لا كليهما.",
    viewAsSelf: "لا يمكنك عرض حسابك أنت بصفة العميل.",
    viewAsStaff: "لا يمكن العرض إلا بصفة حساب عميل؛ هذا الحساب من فريق العمل.",
    viewAsClosed: "هذا الحساب مغلق أو معطّل: لا يمكن العرض بصفته.",
    notViewingAs: "هذا المتصفح لا يعرض أي حساب بصفة العميل.",
  },
  successes: {
    viewAsStarted: "أنت تعرض حساب هذا العميل للقراءة فقط لمدة 30 دقيقة على الأكثر.",
    viewAsEnded: "انتهى العرض بصفة العميل: أنت مسجّل الدخول باسمك من جديد.",
  },
};
