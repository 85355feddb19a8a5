/**
 * Security headers for every answer: API, images, the SPA's HTML and its assets. No inline scripts
 * are allowed; React sets styles through the DOM, and daisyUI/Tailwind ship as files.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
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
  // Responses from fetch/ASSETS can be immutable; copy before changing headers.
  const out = new Response(response.body, response);
  const h = out.headers;
  h.set("content-security-policy", CSP);
  h.set("x-content-type-options", "nosniff");
  h.set("x-frame-options", "DENY");
  h.set("referrer-policy", "strict-origin-when-cross-origin");
  h.set("cross-origin-opener-policy", "same-origin");
  h.set("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (url.protocol === "https:") h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  return out;
}
