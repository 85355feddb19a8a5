import { describe, expect, it } from "vitest";
import { BOOT_SCRIPT_OPEN, BOOT_SCRIPT_SRC, bootScript, inlineBootScript } from "../../scripts/boot";
import { BOOT_SCRIPT_HASH } from "../../worker/src/http/boot-hash";
import { SECURITY_HEADERS } from "../../worker/src/http/headers";

const scriptSources = () => /script-src ([^;]+)/.exec(SECURITY_HEADERS["Content-Security-Policy"]!)![1]!.split(" ");

/** The plugin's index.html transform, as Vite calls it. */
function transform(html: string): string {
  const hook = inlineBootScript().transformIndexHtml as { handler: (html: string) => string };
  return hook.handler(html);
}

describe("scripts/boot.ts: the boot script inline, allowed by its hash", () => {
  it("puts web/boot.js, minified, where index.html names it, and nothing else changes", () => {
    const html = `<head>\n    ${BOOT_SCRIPT_SRC}\n  </head>`;
    const out = transform(html);
    expect(out).not.toContain(BOOT_SCRIPT_SRC);
    expect(out).toBe(`<head>\n    ${bootScript().tag}\n  </head>`);
    expect(bootScript().tag.startsWith(BOOT_SCRIPT_OPEN)).toBe(true);
    // Minified: the comments are gone, the behaviour's strings are kept.
    expect(bootScript().tag).not.toContain("// The boot script, inline");
    expect(bootScript().tag).toContain("first-load");
  });

  it("is allowed by the Worker's CSP through this hash, and inline scripts in general are not", () => {
    expect(bootScript().hash).toBe(BOOT_SCRIPT_HASH);
    expect(scriptSources()).toContain(BOOT_SCRIPT_HASH);
    expect(scriptSources()).not.toContain("'unsafe-inline'");
  });

  it("refuses a script that changed under another hash, and an index.html without the script", () => {
    const changed = bootScript('(function () { document.title = "x"; })();');
    expect(changed.hash).not.toBe(BOOT_SCRIPT_HASH);
    expect(() => transform("<head></head>")).toThrow(/boot\.js/);
  });

  it("escapes what would end the element early, and refuses what would put the parser in an escape state", () => {
    expect(bootScript('document.title = "</script><script>alert(1)";').tag).not.toMatch(/<\/script>.*<\/script>$/);
    expect(() => bootScript('document.title = "<!--";')).toThrow(/<!--/);
  });
});
