import { useEffect } from "react";

/** The specification's ripple delay (section 9): a press shows its ripple after 80 ms, so a finger that starts a scroll shows none. */
export const RIPPLE_DELAY_MS = 80;

const reducedMotion = () =>
  typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Draws one ripple in `button`, spreading from where it was pressed (styles.css: .ripple-layer, .ripple-ink). */
function spread(button: HTMLElement, x: number, y: number) {
  if (getComputedStyle(button).position === "static") button.style.position = "relative";
  const box = button.getBoundingClientRect();
  const size = Math.max(box.width, box.height) * 2;
  const layer = document.createElement("span");
  layer.className = "ripple-layer";
  layer.setAttribute("aria-hidden", "true");
  const ink = document.createElement("span");
  ink.className = "ripple-ink";
  Object.assign(ink.style, {
    width: `${size}px`,
    height: `${size}px`,
    left: `${x - box.left - size / 2}px`,
    top: `${y - box.top - size / 2}px`,
  });
  layer.append(ink);
  button.append(layer);
  ink.addEventListener("animationend", () => layer.remove());
  // A browser that runs no animation (or a test) still cleans up.
  setTimeout(() => layer.remove(), 1000);
}

/**
 * Buttons ripple when pressed (the template's look), RIPPLE_DELAY_MS after the press: released sooner, it
 * ripples at once; a press that turns into a scroll (pointercancel) does not. None at all for readers who
 * ask for reduced motion. One listener on the document serves every button, present or future; the answer
 * removes it.
 */
export function listenForPresses(): () => void {
  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0 || reducedMotion()) return;
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(".btn") : null;
    if (!button || button.matches(":disabled, .btn-disabled")) return;
    let done = false;
    const show = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      spread(button, event.clientX, event.clientY);
    };
    const cancel = () => {
      done = true;
      clearTimeout(timer);
    };
    const timer = setTimeout(show, RIPPLE_DELAY_MS);
    document.addEventListener("pointerup", show, { once: true });
    document.addEventListener("pointercancel", cancel, { once: true });
  };
  document.addEventListener("pointerdown", onPointerDown);
  return () => document.removeEventListener("pointerdown", onPointerDown);
}

/** Ripples while the component is mounted. */
export function useRipple() {
  useEffect(() => listenForPresses(), []);
}
