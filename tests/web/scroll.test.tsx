import { afterEach, describe, expect, it, vi } from "vitest";
import { scrollToHash } from "../../web/src/app/scroll";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("hash scrolling", () => {
  it("scrolls smoothly to the element, 60 px above it", () => {
    const target = document.createElement("section");
    target.id = "pricing";
    target.getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    document.body.append(target);
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    expect(scrollToHash("#pricing")).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 440 + window.scrollY, behavior: "smooth" });
  });

  it("does nothing for a hash that names no element", () => {
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    expect(scrollToHash("#nowhere")).toBe(false);
    expect(scrollToHash("#")).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
