import type { en } from "./en";

/** Every key of the English texts, each a text, and no other (declared here: see en.ts on ../types). */
type Texts<S> = { readonly [K in keyof S]: string };

export const ar: { messages: Texts<typeof en.messages>; successes: Texts<typeof en.successes> } = {
  messages: {
    noEInvoiceParties:
      "لا يمكن أن يكون هذا المستند فاتورة إلكترونية: بلد البائع (إعدادات المتجر) أو البريد الإلكتروني للمشتري غير موجود.",
  },
  successes: {},
};
