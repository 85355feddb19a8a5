import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const WEB = path.join(import.meta.dirname, "../../web/src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(tsx?|css)$/.test(entry.name) ? [full] : [];
  });
}

describe("breakpoints (spec section 9)", () => {
  it("are sm 600, md 960, lg 1280, xl 1920, xxl 2560 and the nav overlay's 976, declared once in the theme", () => {
    const css = readFileSync(path.join(WEB, "styles.css"), "utf8");
    const declared = Object.fromEntries([...css.matchAll(/--breakpoint-([\w-]+):\s*(\d+)px/g)].map((m) => [m[1], Number(m[2])]));
    expect(declared).toEqual({ sm: 600, md: 960, lg: 1280, xl: 1920, "2xl": 2560, nav: 976 });
  });

  it("are never written out anywhere else: no arbitrary breakpoint variants, no width media queries", () => {
    const offenders = sources(WEB).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const found = [...text.matchAll(/\b(?:min|max)-\[\d+px\]:|@media[^{]*\b(?:min|max)-width|@media[^{]*\bwidth\s*[<>]/g)];
      return found.map((m) => `${path.relative(WEB, file)}: ${m[0]}`);
    });
    expect(offenders).toEqual([]);
  });
});
