/**
 * Security headers for every answer: API, images, the SPA's HTML and its assets. No inline scripts
 * are allowed; React sets styles through the DOM, and daisyUI/Tailwind ship as files.
 */
const CSP = [
  "default-src 'self'",
  // Cloudflare Turnstile's widget (a script and its frame), when the operator turns it on.
  "script-src 'self' https://challenges.cloudflare.com",
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
  h.set("content-security-policy", CSP);
  h.set("x-content-type-options", "nosniff");
  h.set("x-frame-options", "DENY");
  h.set("referrer-policy", "strict-origin-when-cross-origin");
  h.set("cross-origin-opener-policy", "same-origin");
  h.set("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (url.protocol === "https:") h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
}
