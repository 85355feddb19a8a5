/**
 * Stands in for @passwordless-id/webauthn's table of authenticator names by AAGUID (wrangler.toml `[alias]`):
 * 13 kB of the Worker's gzipped bundle for a name the verifier reports and the portal never reads (a passkey is
 * named by its owner). With the table empty the library reports every authenticator as "Unknown".
 */
export const authenticatorMetadata: Record<string, string> = {};
