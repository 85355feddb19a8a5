/**
 * The CSP hash of the one inline script the pages carry: web/boot.js, which sets the theme, language and
 * direction before the first paint and preloads the first paint's files. Inline, it costs no
 * request before the page can paint (as a file it was the only render-blocking script); the build
 * (scripts/boot.ts) inlines it and stops when the script no longer has this hash.
 */
export const BOOT_SCRIPT_HASH = "'sha256-AHzv4/ey77EMBSorCxHAfmgcnjxpkTls5UOwFGdv9BM='";
