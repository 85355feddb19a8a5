import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RIPPLE_DELAY_MS, useRipple } from "../../web/src/app/ripple";

function Buttons() {
  useRipple();
  return (
    <>
      <button type="button" className="btn">
        Save
      </button>
      <button type="button" className="btn" disabled>
        Off
      </button>
    </>
  );
}

const press = (el: Element | Document, type = "pointerdown") =>
  el.dispatchEvent(new PointerEvent(type, { bubbles: true, button: 0, clientX: 5, clientY: 5 }));
const inks = () => document.querySelectorAll(".ripple-ink").length;

function motion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: reduce && query.includes("reduce"), media: query }));
}

describe("the buttons' ripple", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows 80 ms after a press, as the specification's delay says", () => {
    motion(false);
    const { getByText } = render(<Buttons />);
    press(getByText("Save"));
    vi.advanceTimersByTime(RIPPLE_DELAY_MS - 1);
    expect(inks()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(inks()).toBe(1);
    expect(RIPPLE_DELAY_MS).toBe(80);
  });

  it("shows at once on a quick tap, never for a press that becomes a scroll or on a disabled button", () => {
    motion(false);
    const { getByText } = render(<Buttons />);
    press(getByText("Save"));
    press(document, "pointerup");
    expect(inks()).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(inks()).toBe(0);
    press(getByText("Save"));
    press(document, "pointercancel");
    vi.advanceTimersByTime(RIPPLE_DELAY_MS * 2);
    expect(inks()).toBe(0);
    press(getByText("Off"));
    vi.advanceTimersByTime(RIPPLE_DELAY_MS * 2);
    expect(inks()).toBe(0);
  });

  it("does nothing for a reader who asks for reduced motion", () => {
    motion(true);
    const { getByText } = render(<Buttons />);
    press(getByText("Save"));
    vi.advanceTimersByTime(RIPPLE_DELAY_MS * 2);
    expect(inks()).toBe(0);
  });
});
