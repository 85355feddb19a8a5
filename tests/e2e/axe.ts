import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** What axe says of one rule the page breaks. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * The serious and critical axe violations of the page (or of the part `within` selects), each as
 * "impact rule (help): where", the first three places. Adds axe to the page once. Waits for the CSS
 * transitions running (a button's colours ease for 0.2 s after a theme change): axe measuring contrast
 * half-way reads colours no reader is left with.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async (selector) => {
    type Run = (context: Element | Document, options: object) => Promise<{ violations: Violation[] }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    const context = selector ? document.querySelector(selector)! : document;
    return (await axe.run(context, { resultTypes: ["violations"] })).violations;
  }, within);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}
