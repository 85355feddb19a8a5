import type { Language } from "../../../errors/language";
import { withTemplates, type MailTemplates } from "../../mailtemplates/template";
import { ar } from "./ar";
import { en } from "./en";
import { fr } from "./fr";
import type { MailContent, MailTexts } from "./types";

const TEXTS: Record<Language, MailTexts> = { en, fr, ar };
const RTL: readonly Language[] = ["ar"];

/** A language's mail texts; with the admin's templates (read by the call that writes the mail), theirs are in force. */
export function mailTexts(language: Language, templates?: MailTemplates): MailTexts {
  return withTemplates(TEXTS[language], language, templates);
}

/** Money in the currency's minor unit, written the way the reader's language writes it. */
export function formatMoney(language: Language, minor: number, currency: string): string {
  const format = new Intl.NumberFormat(language, { style: "currency", currency });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** A date (UTC), written the way the reader's language writes it. */
export function formatDate(language: Language, iso: string | null): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export interface RenderedMail {
  subject: string;
  body: string;
  html: string;
}

/** The plain text and the HTML of a mail; the HTML carries its language and direction (RTL for Arabic). */
export function renderMail(language: Language, content: MailContent): RenderedMail {
  const text = [content.greeting, "", ...content.paragraphs];
  if (content.action) text.push(content.action.url);
  if (content.rows) text.push("", ...content.rows.map(([label, value]) => `${label}: ${value}`));
  if (content.closing) text.push("", content.closing);
  if (content.footer) text.push("", "--", content.footer.text, `${content.footer.link.label}: ${content.footer.link.url}`);

  const dir = RTL.includes(language) ? "rtl" : "ltr";
  const align = dir === "rtl" ? "right" : "left";
  const html = [
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    // dir and alignment repeated on the body: several mail clients drop the <html> attributes.
    `<body dir="${dir}" style="font-family:sans-serif;line-height:1.5;text-align:${align}">`,
    `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    content.action && /^https?:\/\//.test(content.action.url)
      ? `<p><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.label)}</a></p>`
      : "",
    content.rows
      ? `<table dir="${dir}" cellpadding="4">${content.rows
          .map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`)
          .join("")}</table>`
      : "",
    content.closing ? `<p>${escapeHtml(content.closing)}</p>` : "",
    content.footer && /^https?:\/\//.test(content.footer.link.url)
      ? `<hr><p style="font-size:small;color:#666">${escapeHtml(content.footer.text)} <a href="${escapeHtml(content.footer.link.url)}">${escapeHtml(content.footer.link.label)}</a></p>`
      : "",
    "</body></html>",
  ].join("");
  return { subject: content.subject, body: text.join("\n"), html };
}

/** A mail rendered in every language, for SQL that picks the reader's (see `byLanguageSql`). */
export function renderAll(content: (language: Language) => MailContent): Record<Language, RenderedMail> {
  return { en: renderMail("en", content("en")), fr: renderMail("fr", content("fr")), ar: renderMail("ar", content("ar")) };
}

/**
 * SQL choosing one of three bound texts by a stored language column: parameters ?first (en), ?first+1 (fr)
 * and ?first+2 (ar); anything else reads English. For mails written inside a batch to rows SQL selects.
 */
export function byLanguageSql(column: string, first: number): string {
  return `CASE ${column} WHEN 'fr' THEN ?${first + 1} WHEN 'ar' THEN ?${first + 2} ELSE ?${first} END`;
}
