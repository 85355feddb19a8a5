import type { Language } from "../language";
import { ar } from "./ar";
import { en } from "./en";
import { fr } from "./fr";
import type { Catalog, Message, MessageKey, MessageParams, ParamsArgs, Reason, ReasonKey, ReasonParams } from "./types";

export type { Catalog, Message, MessageKey, MessageParams, PlainMessageKey, Reason, ReasonKey, ReasonParams } from "./types";

/**
 * The API's error texts by language. The Worker throws a key and parameters; the answer's `error` is the
 * text in the web app's language (its `language` cookie), English for everyone else. `code` and `field`
 * never change: only the human text does.
 */
export const CATALOGS: Readonly<Record<Language, Catalog>> = { en, fr, ar };

/** A message naming `key`, with its parameters when it has any. */
export function msg<K extends MessageKey>(key: K, ...params: ParamsArgs<MessageParams<K>>): Message {
  return { key, params: params[0] ?? {} } as Message;
}

/** A reason naming `key`, with its parameters when it has any. */
export function reason<K extends ReasonKey>(key: K, ...params: ParamsArgs<ReasonParams<K>>): Reason {
  return { key, params: params[0] ?? {} } as Reason;
}

type Rendering = string | ((params: Record<string, unknown>) => string);

function fill(entry: Rendering, params: Record<string, unknown>): string {
  if (typeof entry === "function") return entry(params);
  return entry.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in params ? String(params[name]) : placeholder));
}

export function renderReason(said: Reason, language: Language): string {
  return fill(CATALOGS[language].reasons[said.key] as Rendering, said.params);
}

/** The text of a message in `language`; a `reason` parameter is rendered in the same language. */
export function renderMessage(said: Message, language: Language): string {
  const params: Record<string, unknown> = { ...said.params };
  const why = reasonOf(said);
  if (why) params.reason = renderReason(why, language);
  return fill(CATALOGS[language].messages[said.key] as Rendering, params);
}

/** The reason a message carries (a validation problem of a field), if any. */
export function reasonOf(said: Message): Reason | undefined {
  return "reason" in said.params ? said.params.reason : undefined;
}
