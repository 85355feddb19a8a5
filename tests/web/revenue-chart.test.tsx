import { render, screen, within } from "@testing-library/react";
import i18n from "i18next";
import { afterAll, describe, expect, it } from "vitest";
import type { DashboardStats } from "../../web/src/features/dashboard/api";
import { RevenueChart } from "../../web/src/features/dashboard/components/RevenueChart";
import ar from "../../web/src/features/dashboard/locales/ar.json";
import en from "../../web/src/features/dashboard/locales/en.json";
import fr from "../../web/src/features/dashboard/locales/fr.json";
import { setupPageTests, visibleText } from "./page-support";

/**
 * Issue 28: the revenue chart's axis, tooltips and table read money in the currency's major unit, in
 * the reader's language: $175.00 on a day (17,500 cents) puts the axis's top at $200, not at "20K".
 */

setupPageTests({ dashboard: en });
afterAll(() => i18n.changeLanguage("en"));

const DAYS = ["2026-03-01", "2026-03-02", "2026-03-03"];
const REVENUE = [17_500, 0, 2_550];

function stats(currency: string): DashboardStats {
  return {
    range: 7,
    from: DAYS[0]!,
    to: DAYS[2]!,
    days: DAYS,
    currency,
    generatedAt: "2026-03-03T12:00:00.000Z",
    business: null,
    own: { subscriptions: [] },
  };
}

/** The chart's axis ticks, top last, and the tooltip of each bar, as drawn. */
function drawn() {
  const chart = screen.getByRole("img", { name: i18n.t("dashboard:chart.revenue") });
  const ticks = [...chart.querySelectorAll("g > text")].map(visibleText).filter(Boolean);
  const tooltips = [...chart.querySelectorAll("rect > title")].map(visibleText);
  return { ticks, tooltips };
}

/** The table behind the chart: its cells per row, day first. */
function tableRows() {
  const region = screen.getByRole("region", { name: i18n.t("dashboard:chart.revenue") });
  return within(region)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map(visibleText));
}

const cases = [
  { lng: "en", texts: en, currency: "USD", top: "$200", first: "$175.00", locale: "en-US" },
  { lng: "fr", texts: fr, currency: "EUR", top: "200 €", first: "175,00 €", locale: "fr-FR" },
  { lng: "ar", texts: ar, currency: "USD", top: null, first: null, locale: "ar" },
] as const;

describe("revenue chart", () => {
  for (const c of cases) {
    it(`reads money in major units in ${c.lng}`, async () => {
      i18n.addResourceBundle(c.lng, "dashboard", c.texts);
      await i18n.changeLanguage(c.lng);
      render(<RevenueChart data={stats(c.currency)} revenue={REVENUE} />);
      const { ticks, tooltips } = drawn();
      // Arabic pages write the currency's sign, never Latin letters ("US$"; issue 29, lib/format.ts).
      const money = (major: number, options: Intl.NumberFormatOptions = {}) =>
        new Intl.NumberFormat(c.locale, { style: "currency", currency: c.currency, ...options })
          .formatToParts(major)
          .map((part) => (c.lng === "ar" && part.type === "currency" ? "$" : part.value))
          .join("")
          .replace(/[\u200e\u200f\u061c]/g, "");
      // The top tick is the largest day ($175.00) rounded up to a round figure, in money.
      const top = ticks.at(-1)!;
      expect(top.replace(/\u00a0|\u202f/g, " ")).toBe(
        (c.top ?? money(200, { notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 2 })).replace(
          /\u00a0|\u202f/g,
          " ",
        ),
      );
      // The first bar's tooltip and the table's first row say the same amount.
      const first = c.first ?? money(175);
      expect(tooltips[0]!.replace(/\u00a0|\u202f/g, " ")).toContain(first.replace(/\u00a0|\u202f/g, " "));
      const rows = tableRows();
      expect(rows[0]![1]).toBe(tooltips[0]!.split(": ").at(-1));
      expect(rows[2]![1]).toBe(money(25.5));
      if (c.lng === "ar") expect([...ticks, ...tooltips].join(" ")).not.toMatch(/[A-Za-z]/);
      // No tick is written in minor units.
      expect(ticks.join(" ")).not.toMatch(/K|k|10[.,]?000|20[.,]?000/);
    });
  }
});
