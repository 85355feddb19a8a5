import i18n from "i18next";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bundlePrice } from "../../web/src/features/bundles/components/BundleDialog";
import {
  bundleTitle,
  formatCount,
  formatDate,
  formatDay,
  formatLineName,
  formatMoney,
  formatNumber,
  formatPerPoint,
} from "../../web/src/lib/format";
import { setupI18n } from "./shell-support";

beforeAll(setupI18n);
afterAll(() => i18n.changeLanguage("en"));

/** Intl puts narrow no-break spaces in French and bidi marks in Arabic; compare the visible text. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/[\u200e\u200f\u061c]/g, "");

describe("money derived on the web", () => {
  it("prices one point from what the bundle costs after its discount, rounded half up", async () => {
    await i18n.changeLanguage("en");
    // 250 points at 10 cents less 10 % cost $22.50: $0.09 a point, not the list price's $0.10.
    expect(formatPerPoint(bundlePrice(250, 10, 10), 250, "USD")).toBe("$0.09");
    expect(formatPerPoint(1900, 200, "USD")).toBe("$0.095");
    // 0.0105 a point (21 cents for 20 points) is a half: up, to $0.011, where floating point would give $0.010.
    expect(formatPerPoint(21, 20, "USD")).toBe("$0.011");
    expect(formatPerPoint(1000, 3, "JPY")).toBe("¥333.3");
  });

  it('writes money in Arabic without Latin letters: the currency\'s sign, not "US$"', async () => {
    await i18n.changeLanguage("ar");
    const n = (value: number) => plain(formatNumber(value)).replace(/\s/g, "");
    for (const text of [formatMoney(4000, "USD"), formatPerPoint(1900, 200, "USD")]) {
      expect(plain(text)).not.toMatch(/[A-Za-z]/);
      expect(plain(text)).toContain("$");
    }
    expect(plain(formatMoney(4000, "EUR"))).toContain("€");
    expect(plain(formatMoney(4000, "USD")).replace(/\s/g, "")).toContain(n(40));
    await i18n.changeLanguage("fr");
    // French keeps its own symbol ("$US" tells the dollar apart from others in French).
    expect(plain(formatMoney(4000, "USD"))).toBe("40,00 $US");
    await i18n.changeLanguage("en");
  });

  it("previews a bundle's price as the server stores it (SQLite round: halves away from zero)", () => {
    expect(bundlePrice(250, 10, 10)).toBe(2250);
    expect(bundlePrice(3, 5, 50)).toBe(8);
    expect(bundlePrice(1, 1, 100)).toBe(0);
  });
});

describe("unit words", () => {
  it("counts points, days and products with each language's plural forms", async () => {
    await i18n.changeLanguage("en");
    expect([0, 1, 2, 1000].map((n) => formatCount("points", n))).toEqual(["0 points", "1 point", "2 points", "1,000 points"]);
    expect(formatCount("days", 1)).toBe("1 day");
    expect(formatCount("products", 3)).toBe("3 products");

    await i18n.changeLanguage("fr");
    expect([0, 1, 2, 1_000_000].map((n) => plain(formatCount("points", n)))).toEqual([
      "0 point",
      "1 point",
      "2 points",
      "1 000 000 de points",
    ]);
    expect(formatCount("days", 30)).toBe("30 jours");

    await i18n.changeLanguage("ar");
    // The digits are Intl's for "ar" (Latin or Arabic-Indic, by ICU version); the words are Arabic's six forms.
    const n = (value: number) => plain(formatNumber(value));
    expect([0, 1, 2, 3, 11, 100].map((count) => plain(formatCount("points", count)))).toEqual([
      `${n(0)} نقطة`,
      "نقطة واحدة",
      "نقطتان",
      `${n(3)} نقاط`,
      `${n(11)} نقطة`,
      `${n(100)} نقطة`,
    ]);
    expect(plain(formatCount("days", 7))).toBe(`${n(7)} أيام`);
    expect(plain(formatCount("days", 30))).toBe(`${n(30)} يومًا`);
  });
});

describe("bundle names", () => {
  const names = { en: "Starter", fr: "", ar: "البداية" };

  it("names a bundle line in the reader's language, English where it has none, with its points", async () => {
    await i18n.changeLanguage("en");
    expect(formatLineName({ kind: "bundle", name: "Starter", points: 50, names })).toBe("Starter · 50 points");
    expect(formatLineName({ kind: "bundle", name: "50 points", points: 50 })).toBe("50 points");
    expect(formatLineName({ kind: "item", name: "Pro plan" })).toBe("Pro plan");
    await i18n.changeLanguage("fr");
    expect(plain(formatLineName({ kind: "bundle", name: "Starter", points: 50, names }))).toBe("Starter · 50 points");
    expect(bundleTitle({ bundleName: "Starter", bundleNameFr: "Découverte", bundleNameAr: "" })).toBe("Découverte");
    await i18n.changeLanguage("ar");
    expect(formatLineName({ kind: "bundle", name: "Starter", points: 50, names })).toMatch(/^البداية · /);
    expect(bundleTitle({ bundleName: "Starter", bundleNameFr: "", bundleNameAr: "" })).toBe("Starter");
    await i18n.changeLanguage("en");
  });
});

describe("Intl formatters", () => {
  /** Intl with its two formatters counted as they are made. */
  function countFormatters() {
    const made: string[] = [];
    const counted = <T extends object>(name: string, target: T) =>
      new Proxy(target, {
        construct(real, args) {
          made.push(name);
          return Reflect.construct(real as new (...a: unknown[]) => object, args);
        },
      });
    const intl = Object.create(Intl) as typeof Intl;
    Object.assign(intl, {
      NumberFormat: counted("NumberFormat", Intl.NumberFormat),
      DateTimeFormat: counted("DateTimeFormat", Intl.DateTimeFormat),
    });
    vi.stubGlobal("Intl", intl);
    return made;
  }
  afterEach(() => vi.unstubAllGlobals());

  it("are made once per language and options, however many values a page formats", async () => {
    await i18n.changeLanguage("fr");
    const made = countFormatters();
    const days = Array.from({ length: 30 }, (_, i) => `2026-06-${String(i + 1).padStart(2, "0")}`);
    for (const [i, day] of days.entries()) {
      formatNumber(i * 1000);
      formatMoney(i * 150, "EUR");
      formatDate(`${day}T10:00:00Z`);
      formatDay(day);
    }
    // Number, money (and its currency's minor unit), date, day: each made at most once.
    expect(made.length).toBeLessThanOrEqual(5);
    expect(plain(formatNumber(1234.5))).toBe("1 234,5");
    expect(plain(formatMoney(1050, "EUR"))).toBe("10,50 €");
  });

  it("follow the language", async () => {
    await i18n.changeLanguage("en");
    expect(formatNumber(1234.5)).toBe("1,234.5");
    await i18n.changeLanguage("fr");
    expect(plain(formatNumber(1234.5))).toBe("1 234,5");
    await i18n.changeLanguage("en");
    expect(formatMoney(1050, "USD")).toBe("$10.50");
  });
});
