import xssDefault, { type IWhiteList } from "xss";

/** xss is CommonJS: its named exports (FilterXSS, the escapes) hang off its default export at run time. */
const xss = xssDefault as unknown as typeof import("xss");

/**
 * What rich text (a ticket's message, a help article's body) may keep (decisions 0015, 0023): what TipTap's starter kit writes, nothing else. No
 * style, no class, no image, no form, no frame; links only to http(s) and mailto, opened apart from the page.
 */
const ALLOWED: IWhiteList = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  code: [],
  pre: [],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  h1: [],
  h2: [],
  h3: [],
  hr: [],
  a: ["href"],
};

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

const richText = new xss.FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "math"],
  allowCommentTag: false,
  css: false,
  // xss has already dropped every attribute outside the list; a link's address must name a safe scheme as written.
  safeAttrValue(tag, name, value) {
    if (tag === "a" && name === "href") {
      // Entities decoded first (`&#106;avascript:`), then every control and space dropped (`jav\tascript:`).
      const trimmed = [...xss.friendlyAttrValue(value)].filter((c) => c.charCodeAt(0) > 0x20).join("");
      return SAFE_LINK.test(trimmed) ? xss.escapeAttrValue(trimmed) : "";
    }
    return "";
  },
});

const plainText = new xss.FilterXSS({ whiteList: {}, stripIgnoreTag: true, stripIgnoreTagBody: ["script", "style"] });

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&", "&nbsp;": " " };

/** Rich text's HTML with only the allow-list left: what is stored and shown. */
export function sanitiseRichHtml(html: string): string {
  // Every link leaves the page without handing it the window or the referrer: after the filter, `<a` is only ever a kept tag.
  return richText.process(html).replace(/<a\b/g, '<a rel="noopener noreferrer nofollow" target="_blank"').trim();
}

/** Sanitised rich text as plain text, at most `max` characters: the list's preview and the mail's text. */
export function htmlToPlainText(html: string, max = 140): string {
  const text = plainText
    .process(html.replace(/<\/(p|li|h[1-3]|blockquote|pre)>|<br\s*\/?>/gi, " "))
    .replace(/&(lt|gt|quot|#39|amp|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The longest text a reply's mail and bell notice carry (the ticket's page has the rest). */
export const MAIL_TEXT_MAX = 4000;

/** A sanitised message as plain text with its paragraphs and line breaks kept: the reply mail's text. */
export function htmlToMailText(html: string, max = MAIL_TEXT_MAX): string {
  const text = plainText
    .process(html.replace(/<\/(p|li|h[1-3]|blockquote|pre)>/gi, "\n\n").replace(/<br\s*\/?>/gi, "\n"))
    .replace(/&(lt|gt|quot|#39|amp|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
