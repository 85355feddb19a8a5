import { BOOT_SCRIPT_HASH } from "./boot-hash";

/**
 * Security headers for every answer: API, images, the SPA's HTML and its assets. The one inline script
 * allowed is the boot script, by its hash (boot-hash.ts); React sets styles through the DOM. Static files the
 * platform serves without running the Worker get the same headers from the `_headers` file the build
 * writes from SECURITY_HEADERS (scripts/static-headers.ts).
 */
const CSP = [
  "default-src 'self'",
  // Cloudflare Turnstile's widget (a script and its frame), when the operator turns it on.
  `script-src 'self' ${BOOT_SCRIPT_HASH} https://challenges.cloudflare.com`,
  "frame-src https://challenges.cloudflare.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Every answer's security headers, by name. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CSP,
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/** The Server-Timing entry of every answer the Worker gives when metering is on (worker/src/index.ts). */
export const WORKER_TIMING = "worker";

/** Over HTTPS only: the Worker's answers carry it, and browsers keep it for the whole site. */
const HSTS = "max-age=31536000; includeSubDomains";

export function withSecurityHeaders(response: Response, url: URL): Response {
  try {
    setSecurityHeaders(response.headers, url);
    return response;
  } catch {
    // Responses from fetch/ASSETS have immutable headers: they get theirs on a copy.
    const out = new Response(response.body, response);
    setSecurityHeaders(out.headers, url);
    return out;
  }
}

function setSecurityHeaders(h: Headers, url: URL) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) h.set(name, value);
  if (url.protocol === "https:") h.set("strict-transport-security", HSTS);
}
