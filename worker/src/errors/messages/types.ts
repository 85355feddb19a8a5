import type { en } from "./en";

/**
 * The types of the error catalogs, all derived from the English one (en.ts): its keys are the key set,
 * and each entry's `{placeholders}` (or its function's argument) are that message's parameters.
 */

type English = typeof en;
export type MessageKey = keyof English["messages"];
export type ReasonKey = keyof English["reasons"];

/** The `{name}` placeholders of a template text. */
type Placeholders<Text> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** A parameter's value: `{reason}` takes a Reason (rendered in the same language), any other a word or number. */
type ParamValue<Name> = Name extends "reason" ? Reason : string | number;

/** The parameters of an entry: a function's argument, or one value per placeholder of a template. */
type ParamsOf<Entry> = Entry extends (params: infer P) => string ? P : { [Name in Placeholders<Entry>]: ParamValue<Name> };

export type MessageParams<K extends MessageKey> = ParamsOf<English["messages"][K]>;
export type ReasonParams<K extends ReasonKey> = ParamsOf<English["reasons"][K]>;

/** What a thrown error says: a message key and its parameters. */
export type Message = { [K in MessageKey]: { key: K; params: MessageParams<K> } }[MessageKey];

/**
 * Why a field's value is not valid, alone: lower-case, no final period (en "must be an email address").
 * The answer's `reason`, and the `{reason}` of `fieldInvalid`.
 */
export type Reason = { [K in ReasonKey]: { key: K; params: ReasonParams<K> } }[ReasonKey];

/** Keys of messages without parameters: a thrown error may name them alone. */
export type PlainMessageKey = { [K in MessageKey]: keyof MessageParams<K> extends never ? K : never }[MessageKey];

/** The arguments after a key: none for a plain message, else its parameters. */
export type ParamsArgs<P> = keyof P extends never ? [] : [params: P];

/** Parameters as a catalog's entry receives them: a Reason already rendered in the catalog's language. */
type Rendered<P> = { [Name in keyof P]: P[Name] extends Reason ? string : P[Name] };

/** A template with `{placeholders}`, or a function for wording that depends on a parameter. */
type Entry<P> = string | ((params: P) => string);

/** A language's texts: every message and every reason of the English catalog, and nothing else. */
export interface Catalog {
  messages: { readonly [K in MessageKey]: Entry<Rendered<MessageParams<K>>> };
  reasons: { readonly [K in ReasonKey]: Entry<ReasonParams<K>> };
}
