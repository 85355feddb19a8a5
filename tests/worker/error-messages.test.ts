/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { conflict, msg, reason } from "../../worker/src/errors";
import { LANGUAGES } from "../../worker/src/errors/language";
import {
  CATALOGS,
  renderMessage,
  renderReason,
  type BaseMessageKey,
  type Catalog,
  type FeatureSamples,
  type Message,
  type MessageKey,
  type MessageParams,
  type PlainMessageKey,
  type Reason,
  type ReasonKey,
  type ReasonParams,
} from "../../worker/src/messages";

/**
 * The API's error texts are keyed (worker/src/messages): the English catalog defines the keys and
 * each message's parameters, French and Arabic are typed by them, so a missing translation does not compile
 * (the @ts-expect-error lines below). Here every key is rendered in every language with sample parameters.
 */

type KeyWithParams = Exclude<BaseMessageKey, PlainMessageKey>;
type ReasonWithParams = { [K in ReasonKey]: keyof ReasonParams<K> extends never ? never : K }[ReasonKey];

/**
 * Sample parameters of every message of the base catalog that has some: a new parameterized message must add
 * its own (a feature's: its en.ts's `samples`).
 */
const SAMPLES: { [K in KeyWithParams]: MessageParams<K> } = {
  signInWait: { seconds: 8 },
  addressSignInWait: { seconds: 4 },
  unknownCall: { name: "no-such-call" },
  notAllowed: { action: "read", subject: "Payment" },
  bodyTooLarge: { size: "1 MB" },
  uploadTooLarge: { size: "20 MB" },
  fieldRequired: { field: "siteName" },
  fieldInvalid: { field: "newPassword", reason: reason("mustBeAtLeastCharacters", { minimum: 8 }) },
  requestInvalid: { reason: reason("mustBeType", { expected: "object" }) },
  unknownField: { field: "extraField" },
  fileTooLarge: { field: "report", size: "20 MB" },
  fileTypeNotAccepted: { field: "file", kinds: "PDF, DOCX, TXT" },
  productNotOnSale: { kind: "bundle" },
  noSuchProduct: { kind: "item", refId: 42 },
  noLongerOnSale: { name: "Gold plan" },
  invalidSignature: { problem: "stale" },
  insufficientPoints: { price: 30, balance: 12 },
  refundTooLarge: { left: "1500" },
};

const REASON_SAMPLES: { [K in ReasonWithParams]: ReasonParams<K> } = {
  mustBeType: { expected: "string" },
  mustBeAtLeastCharacters: { minimum: 8 },
  mustBeAtMostCharacters: { maximum: 200 },
  mustBeAtLeast: { minimum: 1 },
  mustBeAtMost: { maximum: 100 },
  mustBeFormat: { format: "url" },
  mustBeOneOf: { values: '"item", "bundle"' },
};

/** Parameters a catalog words itself (an action, a kind of product, a type name), so their value need not appear. */
const WORDED = new Set(["action", "kind", "expected", "reason"]);

const messageKeys = Object.keys(CATALOGS.en.messages) as MessageKey[];
const reasonKeys = Object.keys(CATALOGS.en.reasons) as ReasonKey[];

/** A message of `key` with its sample parameters (none for a plain message). */
const FEATURE_SAMPLES: Record<string, object> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<FeatureSamples | undefined>("../../worker/src/messages/*/en.ts", { eager: true, import: "samples" }),
  ).map((samples) => samples?.messages ?? {}),
);
const sampleOf = (key: MessageKey) =>
  ({ key, params: { ...FEATURE_SAMPLES, ...(SAMPLES as Record<string, object>) }[key] ?? {} }) as Message;
const reasonSampleOf = (key: ReasonKey) => ({ key, params: (REASON_SAMPLES as Record<string, object>)[key] ?? {} }) as Reason;

/** The parameter values a translation must keep as they are. */
function keptValues(params: object): string[] {
  return Object.entries(params)
    .filter(([name]) => !WORDED.has(name))
    .map(([, value]) => String(value));
}

describe("every error text in every language", () => {
  it("has the same keys in every catalog", () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(CATALOGS[language].messages).sort()).toEqual([...messageKeys].sort());
      expect(Object.keys(CATALOGS[language].reasons).sort()).toEqual([...reasonKeys].sort());
    }
  });

  it.each(LANGUAGES)("renders every message in %s: no placeholder left, not empty, translated, parameters kept", (language) => {
    const problems: string[] = [];
    for (const key of messageKeys) {
      const said = sampleOf(key);
      const text = renderMessage(said, language);
      const english = renderMessage(said, "en");
      if (!text.trim()) problems.push(`${key}: empty`);
      if (/\{\w+\}/.test(text)) problems.push(`${key}: placeholder left in "${text}"`);
      if (language === "en") continue;
      if (/[a-z]/i.test(english) && text === english) problems.push(`${key}: still English`);
      for (const value of keptValues(said.params)) if (!text.includes(value)) problems.push(`${key}: lost "${value}"`);
    }
    expect(problems).toEqual([]);
  });

  it.each(LANGUAGES)("renders every reason in %s alone: lower-case start, no final period, parameters kept", (language) => {
    const problems: string[] = [];
    for (const key of reasonKeys) {
      const why = reasonSampleOf(key);
      const text = renderReason(why, language);
      if (!text.trim() || /\{\w+\}/.test(text)) problems.push(`${key}: "${text}"`);
      if (text[0] !== text[0]!.toLocaleLowerCase(language)) problems.push(`${key}: starts upper-case`);
      if (/[.。]$/.test(text)) problems.push(`${key}: ends with a period`);
      if (language !== "en" && text === renderReason(why, "en")) problems.push(`${key}: still English`);
      for (const value of keptValues(why.params)) if (!text.includes(value)) problems.push(`${key}: lost "${value}"`);
    }
    expect(problems).toEqual([]);
  });

  it("keeps the English texts of the contract byte for byte", () => {
    const en = (said: Message) => renderMessage(said, "en");
    expect(en(msg("fieldRequired", { field: "siteName" }))).toBe('The field "siteName" is required.');
    expect(en(msg("fieldInvalid", SAMPLES.fieldInvalid))).toBe('The field "newPassword" must be at least 8 characters long.');
    expect(en(msg("requestInvalid", { reason: reason("mustBeType", { expected: "object" }) }))).toBe(
      "The request must be an object.",
    );
    expect(en(msg("fieldInvalid", { field: "count", reason: reason("mustBeType", { expected: "number" }) }))).toBe(
      'The field "count" must be a number.',
    );
    expect(en(msg("notAllowed", { action: "read", subject: "User" }))).toBe("You are not allowed to read User.");
    expect(en(msg("insufficientPoints", { price: 30, balance: 12 }))).toBe(
      "You do not have enough points for this site: it costs 30 points and your balance is 12. Buy points to continue.",
    );
    expect(en(msg("wrongCredentials"))).toBe("The email or password is incorrect.");
  });

  it("words what French and Arabic translate: actions, kinds of product, type names", () => {
    expect(renderMessage(msg("notAllowed", { action: "read", subject: "User" }), "fr")).toBe(
      "Vous n'avez pas l'autorisation de consulter User.",
    );
    expect(renderMessage(msg("productNotOnSale", { kind: "bundle" }), "ar")).toBe("هذا المنتج (باقة) غير معروض للبيع.");
    expect(renderReason(reason("mustBeType", { expected: "string" }), "fr")).toBe("doit être un texte");
    expect(renderReason(reason("mustBeType", { expected: "bigint" }), "fr")).toBe("doit être de type bigint");
  });

  it("counts the seconds of a sign-in's wait in each language's number", () => {
    const wait = (seconds: number, language: "en" | "fr" | "ar") => renderMessage(msg("signInWait", { seconds }), language);
    expect(wait(1, "en")).toBe("Too many failed sign-ins for this account from here. Try again in 1 second.");
    expect(wait(2, "en")).toBe("Too many failed sign-ins for this account from here. Try again in 2 seconds.");
    expect(renderMessage(msg("addressSignInWait", { seconds: 1 }), "en")).toBe(
      "Many sign-ins failed from this network. Try again in 1 second.",
    );
    expect(wait(1, "fr")).toMatch(/Réessayez dans 1 seconde\.$/);
    expect(wait(30, "fr")).toMatch(/Réessayez dans 30 secondes\.$/);
    expect(wait(1, "ar")).toMatch(/بعد ثانية واحدة\.$/);
    expect(wait(2, "ar")).toMatch(/بعد ثانيتين\.$/);
    expect(wait(4, "ar")).toMatch(/بعد 4 ثوانٍ\.$/);
    expect(wait(30, "ar")).toMatch(/بعد 30 ثانية\.$/);
  });
});

describe("the catalogs and the messages are typed by the English key set", () => {
  it("refuses a translation that misses a key", () => {
    const { noSuchUser: _dropped, ...withoutOne } = CATALOGS.fr.messages;
    // @ts-expect-error: the French catalog without "noSuchUser" is not a Catalog
    const incomplete: Catalog = { ...CATALOGS.fr, messages: withoutOne };
    expect(Object.keys(incomplete.messages)).not.toContain("noSuchUser");
  });

  it("refuses unknown keys and wrong parameters", () => {
    // @ts-expect-error: there is no such message
    const unknown = msg("noSuchThing");
    // @ts-expect-error: insufficientPoints needs the balance too
    const partial = msg("insufficientPoints", { price: 5 });
    // @ts-expect-error: a message without parameters takes none
    const extra = msg("noSuchUser", { userId: 1 });
    expect([unknown.key, partial.key, extra.key]).toEqual(["noSuchThing", "insufficientPoints", "noSuchUser"]);
  });

  it("refuses throwing a message that has parameters by its key alone", () => {
    // @ts-expect-error: insufficientPoints says nothing without its price and balance
    const bare = conflict("insufficientPoints");
    expect(bare.message).toContain("{price}");
  });
});
