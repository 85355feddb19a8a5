/**
 * A software WebAuthn authenticator for the worker tests: an ES256 key pair made with WebCrypto,
 * `fmt: "none"` attestations and assertions signed as a platform authenticator signs them (authData
 * and clientDataJSON built here, CBOR by the small encoder below).
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** A CBOR head: major type and length/value (RFC 8949 section 3). */
function head(major: number, value: number): Uint8Array {
  if (value < 24) return Uint8Array.of((major << 5) | value);
  if (value < 256) return Uint8Array.of((major << 5) | 24, value);
  if (value < 65536) return Uint8Array.of((major << 5) | 25, value >> 8, value & 255);
  return Uint8Array.of((major << 5) | 26, value >>> 24, (value >> 16) & 255, (value >> 8) & 255, value & 255);
}

export function cbor(value: Cbor): Uint8Array {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    return concat(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  if (Array.isArray(value)) return concat(head(4, value.length), ...value.map(cbor));
  return concat(head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]));
}

export const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));

/** WebCrypto's ECDSA signature (r‖s) as the DER sequence WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (part: Uint8Array) => {
    let i = 0;
    while (i < part.length - 1 && part[i] === 0) i++;
    let bytes = part.slice(i);
    if (bytes[0]! & 0x80) bytes = concat(Uint8Array.of(0), bytes);
    return concat(Uint8Array.of(0x02, bytes.length), bytes);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(Uint8Array.of(0x30, body.length), body);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftAuthenticatorOptions {
  origin: string;
  rpId: string;
  /** Whether the user is verified (a PIN or a fingerprint); default true. */
  userVerified?: boolean;
}

/** What the browser's JSON of a WebAuthn options object carries that the authenticator needs. */
interface OptionsJSON {
  challenge: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  counter = 0;
  userHandle: string | undefined;
  private constructor(private readonly keys: CryptoKeyPair) {}

  static async create() {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign"])) as CryptoKeyPair;
    return new SoftAuthenticator(keys);
  }

  get id() {
    return base64url(this.credentialId);
  }

  private async authData(rpId: string, flags: number, attested?: Uint8Array) {
    const count = Uint8Array.of(this.counter >>> 24, (this.counter >> 16) & 255, (this.counter >> 8) & 255, this.counter & 255);
    return concat(await sha256(new TextEncoder().encode(rpId)), Uint8Array.of(flags), count, attested ?? new Uint8Array());
  }

  private clientData(type: string, challenge: string, origin: string) {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer of `startRegistration()` to `options`, as @simplewebauthn/browser sends it. */
  async register(options: OptionsJSON, at: SoftAuthenticatorOptions) {
    this.userHandle = options.user?.id;
    const jwk = (await crypto.subtle.exportKey("jwk", this.keys.publicKey)) as JsonWebKey;
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, fromBase64url(jwk.x!)],
        [-3, fromBase64url(jwk.y!)],
      ]),
    );
    const attested = concat(new Uint8Array(16), Uint8Array.of(0, this.credentialId.length), this.credentialId, coseKey);
    const flags = UP | AT | (at.userVerified === false ? 0 : UV);
    const authData = await this.authData(at.rpId, flags, attested);
    const spki = new Uint8Array((await crypto.subtle.exportKey("spki", this.keys.publicKey)) as ArrayBuffer);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: base64url(this.clientData("webauthn.create", options.challenge, at.origin)),
        attestationObject: base64url(attestationObject),
        authenticatorData: base64url(authData),
        publicKey: base64url(spki),
        publicKeyAlgorithm: -7,
        transports: ["internal"],
      },
    };
  }

  /** The answer of `startAuthentication()` to `options`; the counter grows by one unless told otherwise. */
  async assert(options: OptionsJSON, at: SoftAuthenticatorOptions & { counter?: number }) {
    this.counter = at.counter ?? this.counter + 1;
    const authData = await this.authData(at.rpId, UP | (at.userVerified === false ? 0 : UV));
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, at.origin);
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authData),
        signature: base64url(derSignature(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
