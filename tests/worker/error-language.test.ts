import { describe, expect, it } from "vitest";
import { call, createUser, uniqueEmail } from "./helpers";

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
const CASES: Record<Case, (cookie: string | undefined) => ReturnType<typeof call>> = {
  wrongSignIn: (cookie) =>
    call("login", { email: uniqueEmail("nobody"), password: "not the password" }, { cookie, ip: "198.51.100.7" }),
  missingField: (cookie) => call("login", { email: uniqueEmail("nobody") }, { cookie }),
  forbidden: async (cookie) => {
    const client = await createUser();
    return call("searchuser", {}, { cookie: [client.cookie, cookie].filter(Boolean).join("; ") });
  },
  tooLarge: (cookie) => call("login", {}, { cookie, raw: "x".repeat(1024 * 1024 + 1) }),
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
