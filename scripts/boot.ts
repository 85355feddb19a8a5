/**
 * The boot script (web/boot.js) inline in index.html, so no request stands between the HTML and
 * the first paint. The CSP allows it by its hash alone (worker/src/http/boot-hash.ts): the build stops
 * when the script changed and the hash was not updated.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { minifySync, type Plugin } from "vite";
import { BOOT_SCRIPT_HASH } from "../worker/src/http/boot-hash";

/** Where index.html names the script; the build puts the script itself there. */
export const BOOT_SCRIPT_SRC = '<script src="/boot.js"></script>';
/** How the inlined script starts: the one inline script of a page (the e2e CSP test finds it by this). */
export const BOOT_SCRIPT_OPEN = "<script data-boot>";

/** The script minified, as its tag, and the CSP source that allows it ('sha256-…'). */
export function bootScript(source = readFileSync(path.join(import.meta.dirname, "../web/boot.js"), "utf8")) {
  const { code, errors } = minifySync("boot.js", source, {});
  if (errors.length > 0) throw new Error(`boot script: ${errors.map((e) => e.message).join("; ")}`);
  // Inside a <script> element the HTML parser would end it or enter an escape state.
  if (/<\/script|<!--/i.test(code)) throw new Error("boot script: holds </script or <!--");
  const hash = `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`;
  return { tag: `${BOOT_SCRIPT_OPEN}${code}</script>`, hash };
}

export function inlineBootScript(): Plugin {
  return {
    name: "inline-boot-script",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        if (!html.includes(BOOT_SCRIPT_SRC)) throw new Error(`index.html has no ${BOOT_SCRIPT_SRC}`);
        const { tag, hash } = bootScript();
        if (hash !== BOOT_SCRIPT_HASH)
          throw new Error(
            `web/boot.js changed: set BOOT_SCRIPT_HASH in worker/src/http/boot-hash.ts to "${hash}" (the CSP allows the inline script by it)`,
          );
        return html.replace(BOOT_SCRIPT_SRC, () => tag);
      },
    },
  };
}
