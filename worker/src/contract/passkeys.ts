import * as z from "zod";
import { signedInWithMessage } from "./auth";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";

/** base64url, as WebAuthn's JSON encodes bytes (a credential id, a signature, authenticator data). */
const base64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, "is not base64url")
    .max(max);

/** What every WebAuthn credential the browser answers carries (@simplewebauthn/browser's JSON). */
const credential = {
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal("public-key"),
  // Of the extensions the browser reports only credProps is kept: the portal asks for no other.
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

/** `startRegistration()`'s answer: a new credential and its attestation. */
const registrationResponse = z
  .object({
    ...credential,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(16384),
      authenticatorData: base64url(16384).optional(),
      transports: z.array(z.string().max(40)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(4096).optional(),
    }),
  })
  .meta({ description: "RegistrationResponseJSON, as `startRegistration()` of @simplewebauthn/browser answers it." });

/** `startAuthentication()`'s answer: an assertion signed by a credential. */
const authenticationResponse = z
  .object({
    ...credential,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(16384),
      signature: base64url(4096),
      userHandle: base64url(1024).optional(),
    }),
  })
  .meta({ description: "AuthenticationResponseJSON, as `startAuthentication()` of @simplewebauthn/browser answers it." });

/** Options for the browser's WebAuthn call, to pass as `optionsJSON`; the challenge works once, for 5 minutes. */
const webauthnOptions = z.strictObject({
  options: z
    .record(z.string(), z.unknown())
    .meta({ description: "PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON." }),
});

const passkey = z.strictObject({
  passkeyId: z.number().int(),
  passkeyName: z.string(),
  createdAt: timestamp(),
  lastUsedAt: timestamp().nullable(),
});

export const passkeyCalls = defineCalls({
  "passkey-register-options": {
    summary:
      "Starts adding a passkey: after the current password, answers the options for `navigator.credentials.create()` (a single-use challenge).",
    access: "signedIn",
    input: z.object({ password: z.string().min(1).max(200) }),
    answer: webauthnOptions,
  },
  "passkey-register": {
    summary: "Stores the new passkey under its name once its attestation answers the challenge; mails a security notice.",
    access: "signedIn",
    input: z.object({ passkeyName: f.displayName(60), response: registrationResponse }),
    answer: done,
  },
  "search-passkey": {
    summary: "The caller's passkeys, newest first.",
    access: "signedIn",
    readsOnly: true,
    input: z.object({ ...f.paging(10) }),
    answer: listOf(passkey),
  },
  "delete-passkey": {
    summary: "Removes one of the caller's passkeys (another user's is 404); mails a security notice.",
    access: "signedIn",
    input: z.object({ passkeyId: f.id() }),
    answer: done,
  },
  "passkey-login-options": {
    summary: "Starts a sign-in with a passkey (no email asked: the browser offers the passkeys it has, autofill included).",
    access: "public",
    input: z.object({}),
    answer: webauthnOptions,
  },
  "passkey-login": {
    summary:
      "Signs in with a passkey's assertion (user verification required), answered as `login` is; the passkey stands for both factors.",
    access: "public",
    input: z.object({ response: authenticationResponse, rememberMe: f.bool().optional().default(false) }),
    answer: signedInWithMessage,
  },
  "two-steps-passkey-options": {
    summary:
      "For the challenge `login` answered: the options to confirm the sign-in with one of the user's passkeys instead of a code.",
    access: "public",
    input: z.object({ challenge: f.text(100) }),
    answer: webauthnOptions,
  },
  "two-steps-passkey": {
    summary: "Finishes a two-factor sign-in with a passkey's assertion instead of a TOTP code; answered as `login` is.",
    access: "public",
    input: z.object({ challenge: f.text(100), response: authenticationResponse }),
    answer: signedInWithMessage,
  },
});

/** The OpenAPI tag of these calls (collected by contract/features.gen.ts). */
export const groups = { Passkeys: passkeyCalls };
