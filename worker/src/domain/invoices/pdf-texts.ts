import type { Language } from "../../errors/language";

/** The words of invoice and credit-note PDFs, per language (the PDF Worker only draws them). */
export interface PdfTexts {
  invoice: string;
  creditNote: string;
  paid: string;
  refunded: string;
  partiallyRefunded: string;
  refundPending: string;
  refundFailed: string;
  date: string;
  reference: string;
  creditedInvoice: string;
  reason: string;
  seller: string;
  buyer: string;
  taxId: string;
  vatNumber: string;
  description: string;
  qty: string;
  unitPrice: string;
  net: string;
  amount: string;
  total: string;
  refundedSoFar: string;
  reverseCharge: string;
  pricesInclude: (tax: string) => string;
  points: (n: string) => string;
  pointsReclaimed: (n: string) => string;
  pointsSpent: (n: string) => string;
  subscriptionsEnded: (n: string) => string;
  /** A plan change's line (decision 0027): the full price, the credit for the old item's unused days, points. */
  proration: (p: { from: string; price: string; days: string; credit: string; points: string | null }) => string;
}

const en: PdfTexts = {
  invoice: "Invoice",
  creditNote: "Credit note",
  paid: "PAID",
  refunded: "REFUNDED",
  partiallyRefunded: "PARTIALLY REFUNDED",
  refundPending: "REFUND PENDING",
  refundFailed: "REFUND FAILED",
  date: "Date",
  reference: "Reference",
  creditedInvoice: "Corrects invoice",
  reason: "Reason",
  seller: "SELLER",
  buyer: "BILLED TO",
  taxId: "Tax ID",
  vatNumber: "VAT number",
  description: "Description",
  qty: "Qty",
  unitPrice: "Unit price",
  net: "Net",
  amount: "Amount",
  total: "Total",
  refundedSoFar: "Refunded",
  reverseCharge: "Reverse charge: the buyer accounts for the VAT (Article 196, Council Directive 2006/112/EC).",
  pricesInclude: (tax) => `Prices include ${tax}.`,
  points: (n) => `${n} points`,
  pointsReclaimed: (n) => `Points taken back: ${n}.`,
  pointsSpent: (n) => `Points already spent by the client, not taken back: ${n}.`,
  subscriptionsEnded: (n) => `Subscriptions ended: ${n}.`,
  proration: ({ from, price, days, credit, points }) =>
    `plan change from ${from}: ${price} less ${credit} for ${days} unused days${points ? `, the rest as ${points}` : ""}`,
};

const fr: PdfTexts = {
  invoice: "Facture",
  creditNote: "Avoir",
  paid: "PAYÉE",
  refunded: "REMBOURSÉE",
  partiallyRefunded: "REMBOURSÉE EN PARTIE",
  refundPending: "REMBOURSEMENT EN COURS",
  refundFailed: "REMBOURSEMENT ÉCHOUÉ",
  date: "Date",
  reference: "Référence",
  creditedInvoice: "Rectifie la facture",
  reason: "Motif",
  seller: "VENDEUR",
  buyer: "FACTURÉ À",
  taxId: "N° de TVA",
  vatNumber: "N° de TVA",
  description: "Description",
  qty: "Qté",
  unitPrice: "Prix unitaire",
  net: "HT",
  amount: "Montant",
  total: "Total",
  refundedSoFar: "Remboursé",
  reverseCharge: "Autoliquidation : TVA due par le preneur (article 196 de la directive 2006/112/CE).",
  pricesInclude: (tax) => `Prix ${tax} comprise.`,
  points: (n) => `${n} points`,
  pointsReclaimed: (n) => `Points repris : ${n}.`,
  pointsSpent: (n) => `Points déjà dépensés par le client, non repris : ${n}.`,
  subscriptionsEnded: (n) => `Abonnements arrêtés : ${n}.`,
  proration: ({ from, price, days, credit, points }) =>
    `changement depuis ${from} : ${price} moins ${credit} pour ${days} jours non utilisés${points ? `, le reste en ${points}` : ""}`,
};

const ar: PdfTexts = {
  invoice: "فاتورة",
  creditNote: "إشعار دائن",
  paid: "مدفوعة",
  refunded: "مردودة",
  partiallyRefunded: "مردودة جزئيًا",
  refundPending: "الرد قيد المعالجة",
  refundFailed: "فشل الرد",
  date: "التاريخ",
  reference: "المرجع",
  creditedInvoice: "يصحح الفاتورة",
  reason: "السبب",
  seller: "البائع",
  buyer: "فاتورة إلى",
  taxId: "الرقم الضريبي",
  vatNumber: "رقم ضريبة القيمة المضافة",
  description: "الوصف",
  qty: "الكمية",
  unitPrice: "سعر الوحدة",
  net: "الصافي",
  amount: "المبلغ",
  total: "الإجمالي",
  refundedSoFar: "المبلغ المردود",
  reverseCharge: "التحويل العكسي: يتحمل المشتري ضريبة القيمة المضافة (المادة 196 من التوجيه 2006/112/EC).",
  pricesInclude: (tax) => `الأسعار تشمل ${tax}.`,
  points: (n) => `${n} نقطة`,
  pointsReclaimed: (n) => `النقاط المسترجعة: ${n}.`,
  pointsSpent: (n) => `نقاط أنفقها العميل من قبل ولم تُسترجع: ${n}.`,
  subscriptionsEnded: (n) => `الاشتراكات المنتهية: ${n}.`,
  proration: ({ from, price, days, credit, points }) =>
    `تغيير من ${from}: ${price} مطروحًا منه ${credit} عن ${days} يوم غير مستخدم${points ? `، والباقي ${points}` : ""}`,
};

export const PDF_TEXTS: Record<Language, PdfTexts> = { en, fr, ar };
