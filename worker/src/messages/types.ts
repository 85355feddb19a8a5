import type { en } from "./en";
import type { Placeholders } from "./catalog-types";
import type { featureTexts } from "./features.gen";

export type { FeatureCatalog, FeatureEnglish, FeatureSamples } from "./catalog-types";

/**
 * The types of the API's text catalogs (errors, their reasons and success messages), all derived from the
 * English ones (en.ts and each feature's `<feature>/en.ts`): their keys are the key set, and each entry's
 * `{placeholders}` (or its function's argument) are that text's parameters.
 */

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

type Features = (typeof featureTexts.en)[number];

/** Every English text: the base catalog's and every feature's. */
type English = {
  messages: (typeof en)["messages"] & UnionToIntersection<Features["messages"]>;
  reasons: (typeof en)["reasons"];
  successes: (typeof en)["successes"] & UnionToIntersection<Features["successes"]>;
};
export type MessageKey = keyof English["messages"];
/** Keys of the base catalog (en.ts), without the features'. */
export type BaseMessageKey = keyof (typeof en)["messages"];
export type BaseSuccessKey = keyof (typeof en)["successes"];
export type ReasonKey = keyof English["reasons"];
export type SuccessKey = keyof English["successes"];

/** A parameter's value: `{reason}` takes a Reason (rendered in the same language), any other a word or number. */
type ParamValue<Name> = Name extends "reason" ? Reason : string | number;

/** The parameters of an entry: a function's argument, or one value per placeholder of a template. */
type ParamsOf<Entry> = Entry extends (params: infer P) => string ? P : { [Name in Placeholders<Entry>]: ParamValue<Name> };

export type MessageParams<K extends MessageKey> = ParamsOf<English["messages"][K]>;
export type ReasonParams<K extends ReasonKey> = ParamsOf<English["reasons"][K]>;
export type SuccessParams<K extends SuccessKey> = ParamsOf<English["successes"][K]>;

/** What a thrown error says: a message key and its parameters. */
export type Message = { [K in MessageKey]: { key: K; params: MessageParams<K> } }[MessageKey];

/**
 * Why a field's value is not valid, alone: lower-case, no final period (en "must be an email address").
 * The answer's `reason`, and the `{reason}` of `fieldInvalid`.
 */
export type Reason = { [K in ReasonKey]: { key: K; params: ReasonParams<K> } }[ReasonKey];

/** Keys of messages without parameters: a thrown error may name them alone. */
export type PlainMessageKey = { [K in MessageKey]: keyof MessageParams<K> extends never ? K : never }[MessageKey];

/** Keys of reasons without parameters: a schema's custom check may name one (`params.reason`). */
export type PlainReasonKey = { [K in ReasonKey]: keyof ReasonParams<K> extends never ? K : never }[ReasonKey];

/** The arguments after a key: none for a plain message, else its parameters. */
export type ParamsArgs<P> = keyof P extends never ? [] : [params: P];

/** Parameters as a catalog's entry receives them: a Reason already rendered in the catalog's language. */
type Rendered<P> = { [Name in keyof P]: P[Name] extends Reason ? string : P[Name] };

/** A template with `{placeholders}`, or a function for wording that depends on a parameter. */
type Entry<P> = string | ((params: P) => string);

/** What a success answer says (its `message`): a success key and its parameters. */
export type Success = { [K in SuccessKey]: { key: K; params: SuccessParams<K> } }[SuccessKey];

/** The translation of some English texts: every key they have, and nothing else. */
type TranslationOf<E extends Partial<Record<"messages" | "reasons" | "successes", object>>> = {
  [S in keyof E]: { readonly [K in keyof E[S]]: Entry<S extends "reasons" ? ParamsOf<E[S][K]> : Rendered<ParamsOf<E[S][K]>>> };
};

/** A language's texts: every message, reason and success of the English catalogs, and nothing else. */
export type Catalog = TranslationOf<English>;

/** A language's texts of the base catalog (fr.ts, ar.ts). */
export type BaseCatalog = TranslationOf<typeof en>;
