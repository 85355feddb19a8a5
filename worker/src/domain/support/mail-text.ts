import { htmlToMailText, sanitiseTicketHtml } from "./html";

/**
 * The lines where a mail program starts quoting the mail answered: "On … wrote:" (Gmail, Apple Mail,
 * Thunderbird; also split over two lines), the French and Arabic forms, Outlook's "-----Original
 * Message-----" and its "From:" block after a rule, and the "-- " signature delimiter.
 */
const HISTORY_STARTS = [
  /^On\b.*\bwrote:?$/i,
  /^Le\b.*\ba écrit ?:?$/i,
  /^في\b.*كتب.*:?$/,
  /^-{2,}\s*Original Message\s*-{2,}$/i,
  /^-{2,}\s*Message d'origine\s*-{2,}$/i,
  /^_{10,}$/,
  /^-- ?$/,
];

const startsHistory = (line: string, next: string | undefined) => {
  const trimmed = line.trim();
  if (HISTORY_STARTS.some((pattern) => pattern.test(trimmed))) return true;
  // "On Tue, 1 Dec 2026 at 10:00, Desk <support+…@…>" then "wrote:" on the next line.
  return /^On\b/i.test(trimmed) && /\bwrote:$/i.test(next?.trim() ?? "");
};

/** A reply's own text: everything above the quoted history, without quoted (">") lines. */
export function stripQuotedHistory(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (startsHistory(line, lines[i + 1])) break;
    if (/^From:\s/i.test(line.trim()) && kept.length > 0 && kept.at(-1)!.trim() === "") break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line.trimEnd());
  }
  return kept.join("\n").trim();
}

/** A mail's text: its text part, or its HTML part without quoted blocks, as plain text. */
export function mailText(mail: { text?: string | undefined; html?: string | undefined }): string {
  if (mail.text?.trim()) return mail.text;
  const unquoted = (mail.html ?? "")
    .replace(/<blockquote\b[\s\S]*?<\/blockquote>/gi, "")
    .replace(/<div class="?gmail_quote[\s\S]*$/i, "");
  return htmlToMailText(sanitiseTicketHtml(unquoted), Number.POSITIVE_INFINITY);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Plain text as the thread stores messages: a paragraph per blank-line block, line breaks kept. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== "")
    .map((block) => `<p>${block.split("\n").map(escapeHtml).join("<br>")}</p>`)
    .join("");
}
