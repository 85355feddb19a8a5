import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validate } from "../../worker/src/http/body";
import { HttpError } from "../../worker/src/errors";
import { renderMessage } from "../../worker/src/messages";
import { call, createAdmin, createUser, uniqueEmail, type CallResult } from "./helpers";

/** The web app's `language` cookie, JSON-encoded as web/src/lib/cookies.ts writes it. */
const language = (lng: string) => `language=${encodeURIComponent(JSON.stringify(lng))}`;

type Lang = "en" | "fr" | "ar";

/** What each case must answer, per language: status, code and field never change. */
const EXPECTED = {
  wrongSignIn: {
    status: 401,
    code: "unauthorized",
    field: undefined,
    en: "The email or password is incorrect.",
    fr: "L'adresse e-mail ou le mot de passe est incorrect.",
    ar: "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
  },
  missingField: {
    status: 400,
    code: "required",
    field: "password",
    en: 'The field "password" is required.',
    fr: "Le champ « password » est obligatoire.",
    ar: "الحقل «password» مطلوب.",
  },
  forbidden: {
    status: 403,
    code: "missing_permission",
    field: undefined,
    en: "You are not allowed to read User.",
    fr: "Vous n'avez pas l'autorisation de consulter User.",
    ar: "ليس لديك إذن عرض User.",
  },
  tooLarge: {
    status: 413,
    code: "too_large",
    field: undefined,
    en: "The request body is larger than 1 MB.",
    fr: "Le corps de la requête dépasse 1 MB.",
    ar: "يتجاوز محتوى الطلب 1 MB.",
  },
  tooShort: {
    status: 400,
    code: "invalid_input",
    field: "newPassword",
    en: null,
    fr: /^Le champ « newPassword » doit contenir au moins \d+ caractères\.$/,
    ar: /^الحقل «newPassword» يجب ألا يقل عن \d+ حرفًا\.$/,
  },
} as const;

type Case = keyof typeof EXPECTED;

/** Each case's request; `cookie` is the language cookie (plus the session one when the case needs a user). */
interface ErrorBody {
  error: string;
  code: string;
  field?: string;
  reason?: string;
}

const CASES: Record<Case, (cookie: string | undefined) => Promise<CallResult<ErrorBody>>> = {
  wrongSignIn: (cookie) =>
    call("login", { email: uniqueEmail("nobody"), password: "not the password" }, { cookie, ip: "198.51.100.7" }),
  missingField: (cookie) => call("login", { email: uniqueEmail("nobody") }, { cookie }),
  forbidden: async (cookie) => {
    const client = await createUser();
    return call("searchuser", {}, { cookie: [client.cookie, cookie].filter(Boolean).join("; ") });
  },
  tooLarge: (cookie) =>
    call("login", {}, { cookie, raw: "x".repeat(1024 * 1024 + 1), headers: { "content-type": "application/json" } }),
  tooShort: async (cookie) => {
    const user = await createUser();
    return call(
      "change-password",
      { currentPassword: user.password, newPassword: "a" },
      { cookie: [user.cookie, cookie].filter(Boolean).join("; ") },
    );
  },
};

describe("API error texts follow the web app's language cookie", () => {
  const cases = Object.keys(EXPECTED) as Case[];

  it.each(cases)("%s: no cookie answers the contract's English text", async (name) => {
    const expected = EXPECTED[name];
    const res = await CASES[name](undefined);
    expect(res.status).toBe(expected.status);
    expect(res.body.code).toBe(expected.code);
    expect(res.body.field).toBe(expected.field);
    if (expected.en) expect(res.body.error).toBe(expected.en);
    else expect(res.body.error).toMatch(/^The field "newPassword" must be at least \d+ characters long\.$/);
  });

  it.each(cases.flatMap((name) => (["fr", "ar", "en"] as Lang[]).map((lng) => [name, lng] as const)))(
    "%s in %s: translated text, same status, code and field",
    async (name, lng) => {
      const expected = EXPECTED[name];
      const english = await CASES[name](undefined);
      const res = await CASES[name](language(lng));
      expect(res.status).toBe(expected.status);
      expect(res.body.code).toBe(expected.code);
      expect(res.body.field).toBe(expected.field);
      const text = expected[lng];
      if (lng === "en") expect(res.body.error).toBe(english.body.error);
      else if (typeof text === "string") expect(res.body.error).toBe(text);
      else expect(res.body.error).toMatch(text as RegExp);
    },
  );

  it("keeps English for a language it does not write, or a cookie that is not JSON", async () => {
    for (const cookie of [language("de"), "language=%7Bnot-json", "language="]) {
      const res = await CASES.missingField(cookie);
      expect(res.body).toEqual({ error: EXPECTED.missingField.en, code: "required", field: "password" });
    }
  });
});

/** The reason alone, per language (docs/API.md): no field name, lower-case start, no final period. */
const TOO_SHORT_REASON: Record<Lang, RegExp> = {
  en: /^must be at least \d+ characters long$/,
  fr: /^doit contenir au moins \d+ caractères$/,
  ar: /^يجب ألا يقل عن \d+ حرفًا$/,
};

describe("a validation problem of a named field also answers its reason", () => {
  it.each(["en", "fr", "ar"] as Lang[])("in %s: the reason alone, which the error text contains", async (lng) => {
    const res = await CASES.tooShort(lng === "en" ? undefined : language(lng));
    expect(res.body.field).toBe("newPassword");
    expect(res.body.reason).toMatch(TOO_SHORT_REASON[lng]);
    expect(res.body.error).toContain(res.body.reason);
  });

  it("answers the reason of a check the handler makes (a coupon expiring in the past)", async () => {
    const admin = await createAdmin();
    const body = { couponQuota: 5, couponExpired: "2000-01-01" };
    const en = await call("generate-coupons", body, { cookie: admin.cookie });
    expect(en.body).toEqual({
      error: 'The field "couponExpired" must not be in the past.',
      code: "invalid_input",
      field: "couponExpired",
      reason: "must not be in the past",
    });
    const fr = await call("generate-coupons", body, { cookie: `${admin.cookie}; ${language("fr")}` });
    expect(fr.body.reason).toBe("ne doit pas être dans le passé");
  });

  it("answers no reason for a missing field, nor for an error naming no field", async () => {
    for (const name of ["missingField", "wrongSignIn", "forbidden", "tooLarge"] as const) {
      const res = await CASES[name](language("fr"));
      expect(res.body).not.toHaveProperty("reason");
    }
  });
});

/** What `validate` throws for a schema and a body: the zod problems of http/body.ts, each kind once. */
function validationError(schema: z.ZodType, body: unknown): HttpError {
  try {
    validate(schema, body);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(body)} passed`);
}

/** One case per kind of problem of body.ts describeIssue. */
const VALIDATION_CASES: [z.ZodType, unknown][] = [
  [z.object({ name: z.string() }), { name: 1 }],
  [z.object({ count: z.int() }), { count: 1.5 }],
  [z.object({ count: z.number() }), { count: "x" }],
  [z.object({ on: z.boolean() }), { on: "x" }],
  [z.object({ list: z.array(z.string()) }), { list: "x" }],
  [z.object({ name: z.string().min(3) }), { name: "ab" }],
  [z.object({ count: z.number().min(3) }), { count: 1 }],
  [z.object({ name: z.string().max(2) }), { name: "abc" }],
  [z.object({ count: z.number().max(2) }), { count: 3 }],
  [z.object({ email: z.email() }), { email: "nope" }],
  [z.object({ link: z.url() }), { link: "nope" }],
  [z.object({ kind: z.enum(["item", "bundle"]) }), { kind: "other" }],
  [z.object({ name: z.string().refine(() => false) }), { name: "x" }],
  [z.object({ name: z.string() }), { name: null }],
  [z.strictObject({}), { extra: 1 }],
  [z.object({}), "not an object"],
];

describe("every text of the body validation has a translation", () => {
  it.each(["fr", "ar"] as const)("translates every validation text into %s, keeping field names", (lng) => {
    const errors = VALIDATION_CASES.map(([schema, body]) => validationError(schema, body));
    expect(new Set(errors.map((e) => e.message)).size).toBe(errors.length);
    const untranslated = errors.filter((error) => {
      const translated = renderMessage(error.said, lng);
      return translated === error.message || (error.field !== undefined && !translated.includes(error.field));
    });
    expect(untranslated).toEqual([]);
  });
});
