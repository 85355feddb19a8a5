/**
 * The CSP hash of the one inline script the pages carry: web/preferences.js, which sets the theme and
 * direction before the first paint and starts the first paint's files and calls. Inline, it costs no
 * request before the page can paint (as a file it was the only render-blocking script); the build
 * (scripts/boot-script.ts) inlines it and stops when the script no longer has this hash.
 */
export const BOOT_SCRIPT_HASH = "'sha256-R/wddKj0erTKwVH3IdLmMF+FaC3id0geAuObYP1CmRI='";
