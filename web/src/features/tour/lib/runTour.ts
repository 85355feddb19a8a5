import { driver, type DriveStep } from "driver.js";
import "driver.js/dist/driver.css";
import type { TFunction } from "i18next";

/*
 * The tour itself, with driver.js: this module (and the library and its CSS) loads only when a tour runs.
 */

const visible = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement && element.getClientRects().length > 0 && element.getBoundingClientRect().width > 0;

/** The first of the selectors that is on screen (the side menu on a desktop, its button on a phone). */
const firstVisible = (...selectors: string[]) =>
  selectors.map((selector) => document.querySelector(selector)).find(visible) ?? undefined;

/** Waits (up to `ms`) for the page's main card, which a home page shows once its first data arrived. */
async function mainCard(ms: number): Promise<HTMLElement | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const card = document.querySelector<HTMLElement>("main .card") ?? undefined;
    if (card || Date.now() > end) return card;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The role's words for its home page's main card (other roles share one). */
const cardKey = (role: string) => (role === "admin" || role === "client" ? role : "other");

export interface TourRun {
  /** Ends the tour as skipped (the page it ran on is left). */
  stop: () => void;
}

/**
 * Runs the tour over the menu, the navbar and the page's main card. `onEnd` runs once, whether the tour was
 * finished or skipped (the close button, Escape, a click outside). Arrow keys follow the reading direction.
 */
export async function runTour(t: TFunction<"tour">, role: string, onEnd: () => void): Promise<TourRun> {
  const card = await mainCard(3000);
  const rtl = document.documentElement.dir === "rtl";
  const steps: DriveStep[] = [
    {
      element: firstVisible('[data-testid="layout"] .drawer-side nav', '[data-testid="layout"] nav', "header.navbar button"),
      popover: { title: t("tour:steps.menu.title"), description: t("tour:steps.menu.text"), side: rtl ? "left" : "right" },
    },
    {
      element: firstVisible("header.navbar"),
      popover: { title: t("tour:steps.navbar.title"), description: t("tour:steps.navbar.text") },
    },
    {
      element: card,
      popover: { title: t(`tour:steps.card.${cardKey(role)}.title`), description: t(`tour:steps.card.${cardKey(role)}.text`) },
    },
  ];
  let ended = false;
  /** Every way out (Done, Skip, Escape, a click outside, leaving the page) ends here, once. */
  const finish = () => {
    if (ended) return;
    ended = true;
    window.removeEventListener("keyup", onKey);
    tour.destroy();
    onEnd();
  };
  const tour = driver({
    steps,
    showProgress: true,
    // driver.js fills these two in itself.
    progressText: t("tour:progress", { current: "{{current}}", total: "{{total}}" }),
    nextBtnText: t("tour:next"),
    prevBtnText: t("tour:previous"),
    doneBtnText: t("tour:done"),
    // driver.js maps ArrowRight to next whatever the direction: the keys are ours (below).
    allowKeyboardControl: false,
    popoverClass: "portal-tour",
    // Skipping is a worded button in the footer (and Escape) rather than an unlabelled ×.
    showButtons: ["next", "previous"],
    onPopoverRender: (popover) => {
      const skip = document.createElement("button");
      skip.type = "button";
      skip.className = "driver-popover-footer-btn portal-tour-skip";
      skip.textContent = t("tour:skip");
      skip.addEventListener("click", finish);
      popover.footer.prepend(skip);
    },
    // Done on the last step and a click outside come here; driver.js then leaves the ending to us.
    onDestroyStarted: finish,
  });
  const onKey = (event: KeyboardEvent) => {
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const backward = rtl ? "ArrowRight" : "ArrowLeft";
    if (event.key === "Escape") finish();
    else if (event.key === forward) {
      if (tour.hasNextStep()) tour.moveNext();
      else finish();
    } else if (event.key === backward && tour.hasPreviousStep()) tour.movePrevious();
  };
  window.addEventListener("keyup", onKey);
  tour.drive();
  return { stop: finish };
}
