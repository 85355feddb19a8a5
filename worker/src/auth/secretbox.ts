import { fromBase64, toBase64 } from "./crypto";

/**
 * AES-GCM encryption of small secrets (vendor credentials, TOTP secrets) under keys from the
 * VENDOR_SECRET_KEYS Worker secret: "kid:base64key,kid2:base64key". The first key encrypts; any listed
 * key decrypts, so rotating means putting a new key first and re-saving.
 */
interface Sealed {
  kid: string;
  iv: string;
  ct: string;
}

const keyCache = new Map<string, CryptoKey>();

function parseKeys(spec: string): Array<{ kid: string; raw: string }> {
  const keys = spec
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf(":");
      return { kid: entry.slice(0, at), raw: entry.slice(at + 1) };
    })
    .filter((k) => k.kid && k.raw);
  if (keys.length === 0) throw new Error("VENDOR_SECRET_KEYS is not configured");
  return keys;
}

async function importKey(raw: string): Promise<CryptoKey> {
  let key = keyCache.get(raw);
  if (!key) {
    const bytes = fromBase64(raw);
    if (bytes.byteLength !== 32) throw new Error("VENDOR_SECRET_KEYS entries must be 32 bytes, base64");
    key = await crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]);
    keyCache.set(raw, key);
  }
  return key;
}

export async function seal(plaintext: string, keySpec: string): Promise<string> {
  const { kid, raw } = parseKeys(keySpec)[0]!;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await importKey(raw), new TextEncoder().encode(plaintext));
  const sealed: Sealed = { kid, iv: toBase64(iv), ct: toBase64(new Uint8Array(ct)) };
  return JSON.stringify(sealed);
}

export async function unseal(sealedText: string, keySpec: string): Promise<string> {
  const sealed = JSON.parse(sealedText) as Sealed;
  const entry = parseKeys(keySpec).find((k) => k.kid === sealed.kid);
  if (!entry) throw new Error(`no key with id ${sealed.kid} in VENDOR_SECRET_KEYS`);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(sealed.iv) },
    await importKey(entry.raw),
    fromBase64(sealed.ct),
  );
  return new TextDecoder().decode(plain);
}
