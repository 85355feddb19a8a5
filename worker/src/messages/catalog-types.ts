/**
 * The types a feature's text catalogs (`messages/<feature>/{en,fr,ar}.ts`) are declared with. Apart from
 * types.ts, which derives the whole catalog from every feature's texts (features.gen.ts): a feature's
 * files importing types.ts would close a circle through that index.
 */

/**
 * Sample parameters of a feature's texts that have some (its en.ts may export them as `samples`): the
 * catalog tests render every text with them.
 */
export interface FeatureSamples {
  messages?: Readonly<Record<string, object>>;
  successes?: Readonly<Record<string, object>>;
}

/** What a feature's English texts declare: its own errors and success messages (reasons are shared). */
export interface FeatureEnglish {
  messages: Readonly<Record<string, unknown>>;
  successes: Readonly<Record<string, unknown>>;
}

/** The `{name}` placeholders of a template text. */
export type Placeholders<Text> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** A feature text's parameters as its translations receive them: a function's argument, or the placeholders. */
type FeatureParams<Entry> = Entry extends (params: infer P) => string ? P : { [Name in Placeholders<Entry>]: string | number };

/** A language's texts of one feature (`<feature>/fr.ts`), declared from its English ones: every key, no other. */
export type FeatureCatalog<E extends FeatureEnglish> = {
  [S in keyof E]: { readonly [K in keyof E[S]]: string | ((params: FeatureParams<E[S][K]>) => string) };
};
