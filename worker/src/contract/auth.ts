import * as z from "zod";
import { ACTIONS, SUBJECTS } from "./access";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";
import { referralCode } from "./referrals";
import { notificationSettings } from "./notifications";
import { user } from "./users";
import { viewAsState } from "./viewas";

const oneOrMore = <T extends z.ZodType>(schema: T) => z.union([schema, z.array(schema)]);

/** A permission rule as the session carries it (a CASL raw rule, `${user.userId}` already filled in). */
export const abilityRule = z.strictObject({
  action: oneOrMore(z.enum(ACTIONS)),
  subject: oneOrMore(z.enum(SUBJECTS)),
  fields: oneOrMore(z.string()).optional(),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
  reason: z.string().optional(),
});

/** userData as the web app keeps it: the User plus `role` (spec section 3), and the caller's unused recovery codes. */
export const userData = user.extend({
  role: z.string(),
  recoveryCodesLeft: z
    .number()
    .int()
    .meta({ description: "How many of the user's two-factor recovery codes are still unused (0 with two-factor off)." }),
});

/** A new set of two-factor recovery codes, shown once: only their hashes are stored. */
const recoveryCodes = z.array(z.string()).meta({ description: "Ten single-use codes, `xxxxx-xxxxx`; shown once." });

/** What signing in (and `me`) answers: the user and their rules. */
export const signedIn = z.strictObject({ userData, userAbilityRules: z.array(abilityRule) });
export const signedInWithMessage = signedIn.extend({ message: z.string() });

/**
 * A Cloudflare Turnstile token, asked for only when the operator turned Turnstile on: always on register
 * and forgot-password, on login after repeated failures (answer code `turnstile_required`).
 */
const turnstileToken = () =>
  z
    .string()
    .max(2048)
    .optional()
    .meta({ description: "Cloudflare Turnstile's token, when the portal asks for one (`turnstile_required`)." });

export const authCalls = defineCalls({
  login: {
    summary:
      "Signs in (session cookie `sid`) or, when TOTP is on, answers a challenge for two-steps; a wrong email or password is one 401 text.",
    access: "public",
    input: z.object({
      email: f.email(),
      password: z.string().min(1).max(200),
      rememberMe: f.bool().optional().default(false),
      turnstileToken: turnstileToken(),
    }),
    answer: z.union([signedInWithMessage, z.strictObject({ twoFactorRequired: z.literal(true), challenge: z.string() })]),
  },
  "two-steps": {
    summary:
      "Finishes a two-factor sign-in with the challenge and either a TOTP `code` or a `recoveryCode` (each code works once; using one mails a security notice).",
    access: "public",
    input: z
      .object({
        challenge: f.text(100),
        code: z.string().trim().min(1).max(10).optional(),
        recoveryCode: z.string().trim().min(1).max(40).optional(),
      })
      // Exactly one of the two, as the handler checks (with its own errors): said in the JSON Schema too.
      .meta({ oneOf: [{ required: ["code"] }, { required: ["recoveryCode"] }] }),
    answer: signedInWithMessage,
  },
  register: {
    summary:
      "Creates a client account (quota 0), mails a verification link and signs in. With published terms (TERMS_URL), `acceptTerms: true` is required.",
    access: "public",
    input: z.object({
      userName: f.displayName(100),
      userEmail: f.email(),
      password: f.password(),
      userPhone: f.optionalDisplayText(40),
      turnstileToken: turnstileToken(),
      acceptTerms: f.bool().optional(),
      referralCode: referralCode()
        .optional()
        .meta({ description: "The code of the client who referred this one (`/register?ref=CODE`)." }),
    }),
    answer: signedInWithMessage,
  },
  logout: {
    summary: "Ends the session server side.",
    access: "signedIn",
    input: z.object({}),
    answer: done,
  },
  me: {
    summary: "The signed-in user, their permission rules and their notification settings.",
    access: "signedIn",
    readsOnly: true,
    input: z.object({}),
    answer: signedIn.extend({
      notificationSettings,
      viewAs: viewAsState.optional().meta({ description: "Set while staff view as this client (read-only)." }),
    }),
  },
});

/** A session of the caller (or, for user managers, of another user). */
const session = z.strictObject({
  sessionId: z.number().int(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: timestamp(),
  lastSeenAt: timestamp(),
  rememberMe: z.boolean(),
  current: z.boolean(),
});

export const accountCalls = defineCalls({
  "forgot-password": {
    summary: "Mails a reset link when the account exists; the answer is the same either way.",
    access: "public",
    input: z.object({ email: f.email(), turnstileToken: turnstileToken() }),
    answer: done,
  },
  "reset-password": {
    summary: "Sets a new password with a reset token (single use, 1 hour) and ends every session.",
    access: "public",
    input: z.object({ token: f.text(100), password: f.password() }),
    answer: done,
  },
  "verify-email": {
    summary: "Confirms an email address with its verification token.",
    access: "public",
    input: z.object({ token: f.text(100) }),
    answer: done,
  },
  "resend-verification": {
    summary: "Mails a new verification link (409 already_verified).",
    access: "signedIn",
    input: z.object({}),
    answer: done,
  },
  "change-password": {
    summary: "Changes the caller's password; other sessions end and this browser gets a fresh one.",
    access: "signedIn",
    input: z.object({ currentPassword: z.string().min(1).max(200), newPassword: f.password() }),
    answer: done,
  },
  "two-factor-setup": {
    summary: "Starts TOTP set-up: a new secret and its otpauth URL (for a QR code).",
    access: "signedIn",
    input: z.object({}),
    answer: z.strictObject({ secret: z.string(), otpauthUrl: z.string() }),
  },
  "two-factor-enable": {
    summary: "Turns TOTP on with a code of the new secret; answers ten recovery codes, shown once.",
    access: "signedIn",
    input: z.object({ code: f.text(10) }),
    answer: z.strictObject({ message: z.string(), recoveryCodes }),
  },
  "two-factor-recovery-codes": {
    summary: "Makes a new set of ten recovery codes (the previous set stops working); needs the password and TOTP on.",
    access: "signedIn",
    input: z.object({ password: z.string().min(1).max(200) }),
    answer: z.strictObject({ message: z.string(), recoveryCodes }),
  },
  "two-factor-disable": {
    summary: "Turns TOTP off and voids the recovery codes; needs the password.",
    access: "signedIn",
    input: z.object({ password: z.string().min(1).max(200) }),
    answer: done,
  },
  "search-session": {
    summary: "The caller's sessions (user managers: another user's with userId), most recently seen first.",
    access: "signedIn",
    readsOnly: true,
    input: z.object({ userId: f.id().optional(), ...f.paging(10) }),
    answer: listOf(session),
  },
  "revoke-session": {
    summary: "Signs one session out (user managers: another user's with userId).",
    access: "signedIn",
    input: z.object({ sessionId: f.id(), userId: f.id().optional() }),
    answer: done,
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Sign-in": authCalls, Account: accountCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { SignedIn: signedIn, SignInAnswer: signedInWithMessage, UserData: userData, AbilityRule: abilityRule };
