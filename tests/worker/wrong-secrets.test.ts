import { describe, expect, it } from "vitest";
import { call, createUser, type TestUser } from "./helpers";

const language = (lng: string) => `language=${encodeURIComponent(JSON.stringify(lng))}`;

async function withTwoFactor(): Promise<TestUser> {
  const user = await createUser();
  expect((await call("two-factor-setup", {}, { cookie: user.cookie })).status).toBe(200);
  return user;
}

/**
 * A refused secret says what is wrong, in the reader's language: the web shows this text under the field
 * (web/src/lib/form.ts), so it must not be a "field … is not valid" text nor carry a validation reason.
 */
describe("wrong secrets are answered in words", () => {
  const cases: Array<[string, () => Promise<TestUser>, string, Record<string, unknown>, string, string]> = [
    [
      "change-password",
      createUser,
      "change-password",
      { currentPassword: "not my password", newPassword: "new password 123" },
      "currentPassword",
      "This is not your current password.",
    ],
    ["two-factor-enable", withTwoFactor, "two-factor-enable", { code: "000000" }, "code", "This code is wrong or has expired."],
    [
      "two-factor-disable",
      createUser,
      "two-factor-disable",
      { password: "not my password" },
      "password",
      "The password is not right.",
    ],
    ["close-account", createUser, "close-account", { password: "not my password" }, "password", "The password is not right."],
  ];

  it.each(cases)("%s", async (_label, makeUser, name, body, field, text) => {
    const user = await makeUser();
    const wrong = await call(name, body, { cookie: user.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe(field);
    expect(wrong.body.reason).toBeUndefined();
    expect(wrong.body.error.startsWith(text)).toBe(true);
    expect(wrong.body.error).not.toMatch(/field|not valid/i);
  });

  it("in French and Arabic too", async () => {
    const user = await withTwoFactor();
    const fr = await call("two-factor-enable", { code: "000000" }, { cookie: `${user.cookie}; ${language("fr")}` });
    expect(fr.body.error).toMatch(/^Ce code est faux ou a expiré\./);
    const ar = await call("close-account", { password: "x" }, { cookie: `${user.cookie}; ${language("ar")}` });
    expect(ar.body.error).toBe("كلمة المرور ليست صحيحة.");
  });
});
