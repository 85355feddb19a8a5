import type { Language } from "../../errors/language";
import { en } from "../outbox/mails/en";
import type { MailContent, MailTexts } from "../outbox/mails/types";
import { MAIL_SAMPLES, OUTBOX_KIND_NAMES, type MailKind } from "./samples";

/** An admin's text of one kind in one language: a subject and a body of paragraphs with `{{placeholders}}`. */
export interface MailTemplate {
  subject: string;
  body: string;
}

/** The overrides in force, by `kind:language` (a kind and language without one speak the code's default). */
export type MailTemplates = Readonly<Record<string, MailTemplate>>;

export const templateKey = (kind: string, language: Language) => `${kind}:${language}`;

type TextFunction = (input: Record<string, unknown>) => MailContent;
const textOf = (texts: MailTexts, kind: MailKind) => texts[kind] as unknown as TextFunction;

/** Every kind of the registry, in its order: a kind another feature adds to MailTexts is listed with no edit here. */
export function mailKinds(): MailKind[] {
  return Object.keys(en) as MailKind[];
}

export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(en, kind);

export const outboxKindOf = (kind: MailKind) => OUTBOX_KIND_NAMES[kind] ?? kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A kind without a declared sample: the fields its English text reads, each standing for itself. */
function probedSample(kind: MailKind): Record<string, unknown> {
  const read = new Set<string>();
  const probe = new Proxy({}, { get: (_, key) => (typeof key === "string" && read.add(key), String(key)) });
  try {
    textOf(en, kind)(probe);
  } catch {
    // A text that needs more than strings (a list it maps): what it read before failing is what it has.
  }
  return Object.fromEntries([...read].map((key) => [key, key]));
}

export function sampleOf(kind: MailKind): Record<string, unknown> {
  return (MAIL_SAMPLES[kind] as Record<string, unknown> | undefined) ?? probedSample(kind);
}

const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === "string");
const fillable = (value: unknown) => typeof value === "string" || typeof value === "number" || isTextList(value);

/** The placeholders a kind offers: its input's texts, numbers and lists of texts (a list fills one line each). */
export function placeholdersOf(kind: MailKind): string[] {
  return Object.entries(sampleOf(kind))
    .filter(([, value]) => fillable(value))
    .map(([name]) => name);
}

/** The editable part of a mail: its greeting, paragraphs and closing, one blank line between them. */
const bodyOf = (content: MailContent) =>
  [content.greeting, ...content.paragraphs, content.closing ?? ""].filter(Boolean).join("\n\n");

/** The code's text of a kind as a template: its wording with `{{placeholder}}` where its input goes. */
export function defaultTemplate(texts: MailTexts, kind: MailKind): MailTemplate {
  const sample = sampleOf(kind);
  const tokens = Object.fromEntries(
    placeholdersOf(kind).map((name) => [name, isTextList(sample[name]) ? [`{{${name}}}`] : `{{${name}}}`]),
  );
  const content = textOf(texts, kind)({ ...sample, ...tokens });
  return { subject: content.subject, body: bodyOf(content) };
}

const TOKEN = /\{\{([^{}]*)\}\}/g;

/** What is wrong with a template text: an unknown placeholder or a stray brace, named as written; null if none. */
export function templateFault(text: string, placeholders: readonly string[]): { unknown: string } | { malformed: string } | null {
  for (const [token, name] of text.matchAll(TOKEN)) {
    if (!placeholders.includes(name!)) return { unknown: token };
  }
  // Tokens blanked out, not removed: a stray brace's index is then its place in the text as written.
  const stray = /[{}]/.exec(text.replace(TOKEN, (token) => " ".repeat(token.length)));
  return stray ? { malformed: text.slice(Math.max(0, stray.index - 12), stray.index + 12).trim() } : null;
}

function fill(text: string, input: Record<string, unknown>): string {
  return text.replace(TOKEN, (token, name: string) => {
    const value = input[name];
    if (isTextList(value)) return value.join("\n");
    return typeof value === "string" || typeof value === "number" ? String(value) : token;
  });
}

/** A mail with an admin's text: the subject and paragraphs are theirs; the button, table and footer stay the code's. */
export function applyTemplate(content: MailContent, template: MailTemplate, input: Record<string, unknown>): MailContent {
  const [greeting = "", ...paragraphs] = fill(template.body, input)
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const { closing: _default, ...kept } = content;
  return { ...kept, subject: fill(template.subject, input), greeting, paragraphs };
}

/** A language's texts with the overrides of that language in force; the rest stay the code's. */
export function withTemplates(texts: MailTexts, language: Language, templates: MailTemplates | undefined): MailTexts {
  if (!templates) return texts;
  const wrapped: Record<string, TextFunction> = { ...(texts as unknown as Record<string, TextFunction>) };
  for (const kind of mailKinds()) {
    const template = templates[templateKey(kind, language)];
    if (!template) continue;
    const original = textOf(texts, kind);
    wrapped[kind] = (input) => applyTemplate(original(input), template, input);
  }
  return wrapped as unknown as MailTexts;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The placeholder values a real mail shows: each line of a template (a candidate text the mail may have been
 * written with) that has words besides its placeholders is matched against the mail's lines.
 */
export function valuesIn(mail: { subject: string; body: string }, candidates: readonly MailTemplate[]): Record<string, string> {
  const found: Record<string, string> = {};
  const lines = [mail.subject, ...mail.body.split("\n")];
  for (const candidate of candidates) {
    for (const line of [candidate.subject, ...candidate.body.split("\n")]) {
      const names = [...line.matchAll(TOKEN)].map((m) => m[1]!);
      if (names.length === 0 || line.replace(TOKEN, "").trim().length < 3) continue;
      const pattern = new RegExp(
        `^${line
          .split(TOKEN)
          .map((part, i) => (i % 2 ? "(.+?)" : escapeRegExp(part)))
          .join("")}$`,
      );
      for (const text of lines) {
        const match = pattern.exec(text);
        if (!match) continue;
        names.forEach((name, i) => (found[name] ??= match[i + 1]!));
        break;
      }
    }
  }
  return found;
}
