import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Read from disk: Vitest hands CSS imports (even `?raw`) to its CSS pipeline, which empties them.
const CSS = readFileSync("web/src/styles.css", "utf8"); // relative to the project root, where Vitest runs

/**
 * The design tokens (web/src/styles.css, the daisyUI themes) keep WCAG AA: 4.5:1 for text on every
 * filled colour and for the status "ink" colours and body text on the page surfaces. axe only sees
 * the colours a page happens to show; this checks every pair of every theme.
 */

function themes(): Map<string, Record<string, string>> {
  const found = new Map<string, Record<string, string>>();
  for (const block of CSS.split('@plugin "daisyui/theme"').slice(1)) {
    const name = /name:\s*"([^"]+)"/.exec(block)?.[1];
    if (!name) continue;
    const tokens: Record<string, string> = {};
    for (const [, key, value] of block.matchAll(/--color-([\w-]+):\s*(#[0-9a-fA-F]{6})/g)) tokens[key!] = value!;
    found.set(name, tokens);
  }
  return found;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const FILLED = ["primary", "secondary", "accent", "neutral", "info", "success", "warning", "error"];
const INKS = ["primary", "secondary", "info", "success", "warning", "error"];

describe("theme contrast", () => {
  const all = themes();

  it("finds the four themes", () => {
    expect([...all.keys()].sort()).toEqual(["dark", "dark-bordered", "light", "light-bordered"]);
  });

  for (const [name, tokens] of all) {
    it(`${name}: text on every filled colour, ink and body text on every surface reach 4.5:1`, () => {
      const problems: string[] = [];
      const check = (label: string, fg: string | undefined, bg: string | undefined) => {
        if (!fg || !bg) return problems.push(`${label}: missing token`);
        const ratio = contrast(fg, bg);
        if (ratio < 4.5) problems.push(`${label}: ${ratio.toFixed(2)}:1`);
      };
      for (const colour of FILLED) check(`${colour}-content on ${colour}`, tokens[`${colour}-content`], tokens[colour]);
      for (const surface of ["base-100", "base-200"]) {
        check(`base-content on ${surface}`, tokens["base-content"], tokens[surface]);
        for (const ink of INKS) check(`${ink}-ink on ${surface}`, tokens[`${ink}-ink`], tokens[surface]);
      }
      expect(problems).toEqual([]);
    });
  }
});
