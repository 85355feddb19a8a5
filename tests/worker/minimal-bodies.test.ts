import { describe, expect, it } from "vitest";
import * as z from "zod";
import { callList } from "../../worker/src/contract";
import { call, createAgentKey, createUser } from "./helpers";
import { insertUser, sessionCookie } from "./proof-support";

/**
 * Issue 44: every call accepts the smallest body its contract calls valid. Each body is built from the call's
 * input schema as a client reads it (zod's JSON Schema, as the OpenAPI document has it): the required fields
 * only, each with the least value its schema allows. Validation must pass it: the answer may refuse the
 * caller or the request (401, 403, 404, 409, or a 400 about what the values mean, such as a wrong password),
 * never with a validation error.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  format?: string;
  pattern?: string;
};

/** Sample text of the patterns the contract uses (contract/fields.ts `matching`), by pattern. */
const PATTERN_SAMPLES: Record<string, string> = {
  // A date: the least that may be asked of one (a coupon's expiry) is that it is not in the past.
  "^\\d{4}-\\d{2}-\\d{2}$": "2099-12-31",
  "^[A-Za-z0-9_-]{22,100}$": "r".repeat(22),
  "^[A-Za-z0-9][A-Za-z0-9_-]*$": "minimal",
  // base64url, as WebAuthn's ids and buffers travel (worker/src/contract/passkeys.ts).
  "^[A-Za-z0-9_-]*$": "AAAA",
  // A slug: lower-case words joined by hyphens (an article's, decision 0023).
  "^[a-z0-9]+(?:-[a-z0-9]+)*$": "minimal-slug",
};

const FORMAT_SAMPLES: Record<string, string> = {
  email: "minimal@example.com",
  "date-time": "2099-12-31T10:00:00.000Z",
  date: "2099-12-31",
  uri: "https://example.com/",
};

/** The least value `schema` accepts: required properties only, the lower bounds, the first choice. */
function minimalValue(schema: JsonSchema, where: string): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  // Choices of an object's required fields (two-steps: a code or a recovery code) add the first one's.
  if (choices && schema.type === "object") {
    const { anyOf: _anyOf, oneOf: _oneOf, ...object } = schema;
    return minimalValue({ ...object, required: [...(object.required ?? []), ...(choices[0]!.required ?? [])] }, where);
  }
  if (choices) return minimalValue(choices[0]!, where);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => minimalValue(part, where)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, minimalValue(schema.properties?.[key] ?? {}, `${where}.${key}`)]),
      );
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, (_, i) => minimalValue(schema.items ?? {}, `${where}[${i}]`));
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
    case "boolean":
      return false;
    case "string": {
      if (schema.pattern !== undefined && !schema.format) {
        const sample = PATTERN_SAMPLES[schema.pattern];
        if (sample === undefined) throw new Error(`${where}: no sample for pattern ${schema.pattern}`);
        return sample;
      }
      if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    }
    case "null":
      return null;
    default:
      throw new Error(`${where}: no minimal value for ${JSON.stringify(schema)}`);
  }
}

/** What the validator answers (http/body.ts): the codes no schema-valid body may get. */
const VALIDATION_CODES = new Set(["invalid_input", "required", "unknown_field", "malformed_json"]);

/** The calls taking JSON (uploads take multipart bodies, their files not representable as JSON). */
const jsonCalls = callList.filter((c) => c.maxBody === undefined);

describe("minimal bodies", () => {
  it("keeps the stored low-balance threshold when update-notification-settings sends only mail", async () => {
    const user = await createUser();
    const mail = { subscriptionEnding: true, paymentReminder: false, lowBalance: true, jobDone: false };
    const set = await call("update-notification-settings", { lowBalanceThreshold: 250, mail }, { cookie: user.cookie });
    expect(set.status).toBe(200);
    const onlyMail = await call("update-notification-settings", { mail: { ...mail, jobDone: true } }, { cookie: user.cookie });
    expect(onlyMail.status).toBe(200);
    expect(onlyMail.body.notificationSettings).toEqual({ lowBalanceThreshold: 250, mail: { ...mail, jobDone: true } });
    const cleared = await call("update-notification-settings", { lowBalanceThreshold: null, mail }, { cookie: user.cookie });
    expect(cleared.body.notificationSettings.lowBalanceThreshold).toBeNull();
  });

  it("builds a body for every JSON call from its contract", () => {
    expect(jsonCalls.length).toBeGreaterThan(50);
    for (const c of jsonCalls)
      expect(() => minimalValue(z.toJSONSchema(c.input, { io: "input" }) as JsonSchema, c.name)).not.toThrow();
  });

  it("passes every call's minimal valid body through validation", async () => {
    const refused: string[] = [];
    for (const c of jsonCalls) {
      const body = minimalValue(z.toJSONSchema(c.input, { io: "input" }) as JsonSchema, c.name);
      // A fresh admin or key for each call: some end a session (logout), remove a user or revoke a key.
      const caller = c.agent
        ? { bearer: (await createAgentKey("minimal bodies")).key }
        : { cookie: await sessionCookie((await insertUser("admin")).userId) };
      const answer = await call(c.name, body, { ...caller, ip: "198.51.100.250" });
      if (answer.status === 400 && VALIDATION_CODES.has(answer.body.code)) {
        refused.push(`${c.name} ${JSON.stringify(body)}: ${answer.body.code} ${answer.body.field ?? ""} ${answer.body.error}`);
      }
      expect(answer.status, `${c.name} answered ${answer.status}`).toBeLessThan(500);
      // The caller may make the call, so the body did reach validation.
      if (c.access !== "public") expect([401, 403], `${c.name} refused its caller`).not.toContain(answer.status);
    }
    expect(refused).toEqual([]);
  }, 60_000);
});
