import {
  randomChallenge,
  verifyAuthentication,
  verifyRegistration as verifyAttestation,
} from "@passwordless-id/webauthn/dist/esm/server.js";
import type { NamedAlgo } from "@passwordless-id/webauthn/dist/esm/types.js";
import { nowIso, nowSeconds, type DB } from "../db";
import { HttpError } from "../errors";

/** How long a WebAuthn challenge may be answered: the browser's own timeout is the same. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

/** ES256 and RS256 (COSE numbers): what platform authenticators and security keys make, and what the verifier checks. */
const ALGORITHMS: Record<number, "ES256" | "RS256"> = { [-7]: "ES256", [-257]: "RS256" };
const PUB_KEY_CRED_PARAMS = Object.keys(ALGORITHMS).map((alg) => ({ type: "public-key" as const, alg: Number(alg) }));

/** The JSON of a new credential (`PublicKeyCredential.toJSON()`, as @simplewebauthn/browser sends it). */
export interface RegistrationResponse {
  id: string;
  rawId: string;
  type: "public-key";
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: "platform" | "cross-platform";
  response: {
    clientDataJSON: string;
    attestationObject: string;
    authenticatorData?: string;
    transports?: string[];
    publicKeyAlgorithm?: number;
    publicKey?: string;
  };
}

/** The JSON of an assertion (`PublicKeyCredential.toJSON()`). */
export interface AuthenticationResponse {
  id: string;
  rawId: string;
  type: "public-key";
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: "platform" | "cross-platform";
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
}

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

/** The challenge a response's clientDataJSON (base64url JSON) answers, or null when it carries none. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(clientDataJSON.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as { challenge?: unknown };
    return typeof parsed.challenge === "string" ? parsed.challenge : null;
  } catch {
    return null;
  }
}

/** A list of the user's passkeys as the options name them. */
const descriptors = (rows: { credentialId: string; transports: string }[]) =>
  rows.map((row) => ({ id: row.credentialId, type: "public-key" as const, transports: JSON.parse(row.transports) as string[] }));

const utf8Base64url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/**
 * Uses up the challenge a response answers: one DELETE that only an unexpired challenge of that purpose
 * passes, so a replay (or a concurrent second answer) finds nothing. Refused when there is none.
 */
async function takeChallenge(d1: D1Database, clientDataJSON: string, purpose: ChallengePurpose) {
  const challenge = challengeOf(clientDataJSON);
  // Client data that names no challenge is malformed input, whoever sends it.
  if (challenge === null) throw new HttpError(400, "passkey_refused", "passkeyRefused");
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
  const options = {
    challenge: randomChallenge(),
    rp: { id: rp.id, name: rp.name },
    // The user handle is the account's number: it names nobody, and a passwordless sign-in finds the passkey by its id.
    user: { id: utf8Base64url(String(user.userId)), name: user.userEmail, displayName: user.userName },
    pubKeyCredParams: PUB_KEY_CRED_PARAMS,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestation: "none",
    excludeCredentials: descriptors(existing),
    // Discoverable, so the browser can offer it without an email (autofill).
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "preferred" },
    extensions: { credProps: true },
  };
  return { options, store: storeChallenge(db, options.challenge, "register", user.userId) };
}

/** A verified new credential of `userId`, ready to insert; refused when the challenge is not theirs or the attestation fails. */
export async function verifyRegistration(d1: D1Database, rp: RelyingParty, userId: number, response: RegistrationResponse) {
  const taken = await takeChallenge(d1, response.response.clientDataJSON, "register");
  if (taken.userId !== userId) throw passkeyChallengeExpired();
  const { authenticatorData, publicKey, publicKeyAlgorithm, transports = [] } = response.response;
  const refused = () => new HttpError(400, "passkey_refused", "passkeyRefused");
  // The browser's JSON carries the key as SPKI with its algorithm; a response without them cannot be verified later.
  if (!authenticatorData || !publicKey || publicKeyAlgorithm === undefined) throw refused();
  const algorithm = ALGORITHMS[publicKeyAlgorithm];
  if (!algorithm) throw refused();
  const verified = await verifyAttestation(
    {
      ...response,
      response: { ...response.response, authenticatorData, publicKey, publicKeyAlgorithm, transports },
      // The library passes its own `user` through to its answer; the portal's user is `userId`.
      user: { id: String(userId), name: "", displayName: "" },
    },
    { challenge: taken.challenge, origin: rp.origin, domain: rp.id, userVerified: false },
  ).catch(() => null);
  if (!verified) throw refused();
  return {
    credentialId: response.id,
    publicKey,
    publicKeyAlgorithm: algorithm,
    signCount: verified.authenticator.counter,
    transports: JSON.stringify(transports),
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
  const options = {
    challenge: randomChallenge(),
    rpId: rp.id,
    allowCredentials: descriptors(allowed),
    userVerification: purpose === "login" ? "required" : "preferred",
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
  };
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
  response: AuthenticationResponse,
  purpose: "login" | "second_step",
): Promise<VerifiedAssertion> {
  const taken = await takeChallenge(d1, response.response.clientDataJSON, purpose);
  const passkey = await d1
    .prepare("SELECT passkeyId, userId, publicKey, publicKeyAlgorithm, signCount FROM passkeys WHERE credentialId = ?1")
    .bind(response.id)
    .first<{ passkeyId: number; userId: number; publicKey: string; publicKeyAlgorithm: NamedAlgo; signCount: number }>();
  if (!passkey || (taken.userId !== null && passkey.userId !== taken.userId)) throw passkeyRefused();
  // Signature, origin, RP id, user presence (and verification when asked), and a counter that grew when it counts.
  const verified = await verifyAuthentication(
    response,
    { id: response.id, publicKey: passkey.publicKey, algorithm: passkey.publicKeyAlgorithm, transports: [] },
    {
      challenge: taken.challenge,
      origin: rp.origin,
      domain: rp.id,
      userVerified: purpose === "login",
      counter: passkey.signCount,
    },
  ).catch(() => null);
  if (!verified) throw passkeyRefused();
  return {
    userId: passkey.userId,
    passkeyId: passkey.passkeyId,
    detail: taken.detail,
    claim: d1
      .prepare("UPDATE passkeys SET signCount = ?3, lastUsedAt = ?4 WHERE passkeyId = ?1 AND signCount = ?2")
      .bind(passkey.passkeyId, passkey.signCount, verified.counter, nowIso()),
  };
}
