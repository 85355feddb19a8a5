import bidiFactory from "bidi-js";

/**
 * Mixed Latin and Arabic text as the runs to draw, left to right. The Unicode Bidirectional Algorithm
 * (bidi-js) gives each character its level; characters are grouped into runs of one level and one font,
 * and the runs are put in visual order (rule L2). Within a run, fontkit (through pdfkit) shapes the
 * letters: Arabic joining forms and ligatures, and it lays an Arabic run out right to left itself. Two
 * things it does not do are done here: mirroring brackets at right-to-left levels (rule L4), and
 * reversing a right-to-left run with no Arabic letter in it (punctuation between Arabic words).
 */

const bidi = bidiFactory();

export type Script = "latin" | "latinExt" | "arabic";

/** The font (by script: the bundled subsets) that has a glyph for the character, as their ranges say. */
export function scriptOf(code: number): Script | null {
  if (
    (code >= 0x0600 && code <= 0x06ff) ||
    (code >= 0x0750 && code <= 0x077f) ||
    (code >= 0x0870 && code <= 0x08ff) ||
    (code >= 0xfb50 && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfefc)
  ) {
    return "arabic";
  }
  if (code <= 0x00ff || (code >= 0x2000 && code <= 0x206f) || code === 0x20ac || code === 0x2122 || code === 0x2212)
    return "latin";
  if ((code >= 0x0100 && code <= 0x02ff) || (code >= 0x1e00 && code <= 0x1eff) || (code >= 0x20a0 && code <= 0x20c0))
    return "latinExt";
  return null;
}

/** A space takes the font of the letters around it, so an Arabic phrase is shaped as one run. */
const isSpace = (code: number) => code === 0x20 || code === 0xa0;

export interface Run {
  text: string;
  script: Script;
}

const hasArabicLetter = (text: string) => [...text].some((c) => scriptOf(c.codePointAt(0)!) === "arabic");

/** `text` as runs in visual (left to right) order, for a paragraph of `direction`. */
export function visualRuns(text: string, direction: "ltr" | "rtl"): Run[] {
  if (!text) return [];
  const levels = bidi.getEmbeddingLevels(text, direction);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const chars = [...text];
  // Index of each character's first UTF-16 unit (bidi-js counts units).
  const runs: Array<Run & { level: number }> = [];
  let unit = 0;
  let previous: Script | null = null;
  for (const char of chars) {
    const code = char.codePointAt(0)!;
    const level = levels.levels[unit]!;
    const shown = mirrored.get(unit) ?? char;
    unit += char.length;
    const own = scriptOf(code);
    const script: Script = isSpace(code) && previous ? previous : (own ?? "latin");
    previous = script;
    const last = runs.at(-1);
    if (last && last.level === level && last.script === script) last.text += shown;
    else runs.push({ text: shown, script, level });
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at or above it.
  const max = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = max; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if (runs[i]!.level < level) continue;
      let j = i;
      while (j + 1 < runs.length && runs[j + 1]!.level >= level) j++;
      runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return runs.map(({ text: runText, script, level }) => ({
    // fontkit lays out Arabic right to left; anything else at an odd level is reversed here.
    text: level % 2 && !hasArabicLetter(runText) ? [...runText].reverse().join("") : runText,
    script,
  }));
}
