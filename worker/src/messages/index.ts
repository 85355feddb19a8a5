import type { Language } from "../errors/language";
import { ar } from "./ar";
import { en } from "./en";
import { featureTexts } from "./features.gen";
import { fr } from "./fr";
import type {
  BaseCatalog,
  Catalog,
  Message,
  MessageKey,
  MessageParams,
  ParamsArgs,
  PlainReasonKey,
  Reason,
  ReasonKey,
  ReasonParams,
  Success,
} from "./types";

export type {
  BaseMessageKey,
  BaseSuccessKey,
  Catalog,
  FeatureCatalog,
  FeatureEnglish,
  FeatureSamples,
  Message,
  MessageKey,
  MessageParams,
  ParamsArgs,
  PlainMessageKey,
  PlainReasonKey,
  Reason,
  ReasonKey,
  ReasonParams,
  Success,
  SuccessKey,
  SuccessParams,
} from "./types";

/**
 * The API's texts by language. The Worker throws a key and parameters, or answers a success's key and
 * parameters; the answer's `error` or `message` is the text in the web app's language (its `language`
 * cookie), English for everyone else. `code` and `field` never change: only the human text does.
 */
export const CATALOGS: Readonly<Record<Language, Catalog>> = {
  en: withFeatures(en, featureTexts.en),
  fr: withFeatures(fr, featureTexts.fr),
  ar: withFeatures(ar, featureTexts.ar),
};

/**
 * A language's base catalog with every feature's texts of that language (messages/<feature>/, collected
 * by features.gen.ts); a key two of them declare is refused.
 */
function withFeatures(
  base: BaseCatalog,
  features: readonly { messages: Record<string, unknown>; successes: Record<string, unknown> }[],
): Catalog {
  const joined = { messages: { ...base.messages }, reasons: base.reasons, successes: { ...base.successes } };
  for (const feature of features) {
    for (const section of ["messages", "successes"] as const) {
      for (const [key, text] of Object.entries(feature[section])) {
        if (Object.hasOwn(joined[section], key)) throw new Error(`the text ${key} is declared twice`);
        (joined[section] as Record<string, unknown>)[key] = text;
      }
    }
  }
  return joined as Catalog;
}

/** A message naming `key`, with its parameters when it has any. */
export function msg<K extends MessageKey>(key: K, ...params: ParamsArgs<MessageParams<K>>): Message {
  return { key, params: params[0] ?? {} } as Message;
}

/** A reason naming `key`, with its parameters when it has any. */
export function reason<K extends ReasonKey>(key: K, ...params: ParamsArgs<ReasonParams<K>>): Reason {
  return { key, params: params[0] ?? {} } as Reason;
}

/** Whether `key` names a reason without parameters (what a contract's custom check may name). */
export function isPlainReasonKey(key: unknown): key is PlainReasonKey {
  if (typeof key !== "string" || !Object.hasOwn(en.reasons, key)) return false;
  const entry: unknown = en.reasons[key as ReasonKey];
  return typeof entry === "string" && !entry.includes("{");
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

/** The text of a success answer's `message` in `language`. */
export function renderSuccess(said: Success, language: Language): string {
  return fill(CATALOGS[language].successes[said.key] as Rendering, said.params);
}

/** The reason a message carries (a validation problem of a field), if any. */
export function reasonOf(said: Message): Reason | undefined {
  return "reason" in said.params ? said.params.reason : undefined;
}
