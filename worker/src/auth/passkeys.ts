import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { nowIso, nowSeconds, type DB } from "../db";
import { HttpError } from "../errors";

/** How long a WebAuthn challenge may be answered: the browser's own timeout is the same. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

/** ES256, Ed25519 and RS256: what platform authenticators and security keys make. */
const ALGORITHMS = [-7, -8, -257];

type ChallengePurpose = "register" | "login" | "second_step";

/** Who the passkeys belong to: the RP id (a domain, from the request's host) and the origin assertions must come from. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/**
 * The relying party of a request: its host names the RP id; the expected origin is SITE_URL when the
 * deployment serves https there (production: a request's own origin proves nothing), else the request's
 * origin (a local server on whatever port).
 */
export function relyingParty(url: URL, siteName: string, siteUrl: string | undefined): RelyingParty {
  const configured = siteUrl?.trim() ?? "";
  const origin = configured.startsWith("https://") ? new URL(configured).origin : url.origin;
  return { id: url.hostname, name: siteName, origin };
}

export const passkeyChallengeExpired = () => new HttpError(400, "passkey_challenge_expired", "passkeyChallengeExpired");
export const passkeyRefused = () => new HttpError(401, "passkey_refused", "passkeyRefused");
/** As two-steps answers a challenge it no longer knows. */
export const signInExpired = () => new HttpError(401, "challenge_expired", "signInExpired");

/** The insert that stores a challenge for `purpose`, for the caller to run (alone or in its batch). */
export function storeChallenge(
  db: DB,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
  detail: string | null = null,
) {
  return db
    .insertInto("passkey_challenges")
    .values({ challenge, purpose, userId, detail, expiresAt: nowSeconds() + PASSKEY_CHALLENGE_SECONDS });
}

/**
 * Uses up the challenge a response answers: one DELETE that only an unexpired challenge of that purpose
 * passes, so a replay (or a concurrent second answer) finds nothing. Refused when there is none.
 */
async function takeChallenge(d1: D1Database, clientDataJSON: string, purpose: ChallengePurpose) {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    throw passkeyRefused();
  }
  const row = await d1
    .prepare("DELETE FROM passkey_challenges WHERE challenge = ?1 AND purpose = ?2 AND expiresAt > ?3 RETURNING userId, detail")
    .bind(challenge, purpose, nowSeconds())
    .first<{ userId: number | null; detail: string | null }>();
  if (!row) throw passkeyChallengeExpired();
  return { challenge, userId: row.userId, detail: row.detail };
}

/** The options of `navigator.credentials.create()` for a user adding a passkey; their passkeys are excluded. */
export async function registrationOptions(
  db: DB,
  rp: RelyingParty,
  user: { userId: number; userEmail: string; userName: string },
) {
  const existing = await db
    .selectFrom("passkeys")
    .select(["credentialId", "transports"])
    .where("userId", "=", user.userId)
    .execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.userEmail,
    userDisplayName: user.userName,
    // The user handle is the account's number: it names nobody, and a passwordless sign-in finds the passkey by its id.
    userID: isoUint8Array.fromUTF8String(String(user.userId)),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: JSON.parse(row.transports) as string[] })),
    // Discoverable, so the browser can offer it without an email (autofill).
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
  });
  return { options, store: storeChallenge(db, options.challenge, "register", user.userId) };
}

/** A verified new credential of `userId`, ready to insert; refused when the challenge is not theirs or the attestation fails. */
export async function verifyRegistration(d1: D1Database, rp: RelyingParty, userId: number, response: RegistrationResponseJSON) {
  const taken = await takeChallenge(d1, response.response.clientDataJSON, "register");
  if (taken.userId !== userId) throw passkeyChallengeExpired();
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => null);
  if (!verified?.verified) throw new HttpError(400, "passkey_refused", "passkeyRefused");
  const { credential } = verified.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    signCount: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
  };
}

/**
 * Options of `navigator.credentials.get()`: for a passwordless sign-in (`userId` null: any discoverable
 * passkey, user verification required) or a second step (that user's passkeys).
 */
export async function authenticationOptions(
  db: DB,
  rp: RelyingParty,
  purpose: "login" | "second_step",
  userId: number | null,
  detail: string | null = null,
) {
  const allowed =
    userId === null
      ? []
      : await db.selectFrom("passkeys").select(["credentialId", "transports"]).where("userId", "=", userId).execute();
  if (userId !== null && allowed.length === 0) throw new HttpError(404, "not_found", "noPasskeys");
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((row) => ({ id: row.credentialId, transports: JSON.parse(row.transports) as string[] })),
    userVerification: purpose === "login" ? "required" : "preferred",
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
  });
  return { options, store: storeChallenge(db, options.challenge, purpose, userId, detail) };
}

/** A passkey whose assertion passed, its owner, and the statement that records the use. */
export interface VerifiedAssertion {
  userId: number;
  passkeyId: number;
  /** The challenge row's detail (a second step: the two-steps token's hash). */
  detail: string | null;
  /**
   * Stores the new signature counter, only while the stored one is still the one checked: to be followed
   * by `abortUnlessChanged`, so two sign-ins racing on one counter value cannot both pass.
   */
  claim: D1PreparedStatement;
}

/**
 * Checks an assertion: its challenge (used up here), the credential's signature with the origin, RP id and
 * counter, and for a passwordless sign-in that the user was verified. Every refusal is one 401 (or the
 * expired challenge's 400). A challenge issued for a user (a second step) accepts only that user's passkeys.
 */
export async function verifyAssertion(
  d1: D1Database,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  purpose: "login" | "second_step",
): Promise<VerifiedAssertion> {
  const taken = await takeChallenge(d1, response.response.clientDataJSON, purpose);
  const passkey = await d1
    .prepare("SELECT passkeyId, userId, publicKey, signCount, transports FROM passkeys WHERE credentialId = ?1")
    .bind(response.id)
    .first<{ passkeyId: number; userId: number; publicKey: string; signCount: number; transports: string }>();
  if (!passkey || (taken.userId !== null && passkey.userId !== taken.userId)) throw passkeyRefused();
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: response.id,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.signCount,
      transports: JSON.parse(passkey.transports) as string[],
    },
    requireUserVerification: purpose === "login",
  }).catch(() => null);
  if (!verified?.verified) throw passkeyRefused();
  return {
    userId: passkey.userId,
    passkeyId: passkey.passkeyId,
    detail: taken.detail,
    claim: d1
      .prepare("UPDATE passkeys SET signCount = ?3, lastUsedAt = ?4 WHERE passkeyId = ?1 AND signCount = ?2")
      .bind(passkey.passkeyId, passkey.signCount, verified.authenticationInfo.newCounter, nowIso()),
  };
}
