import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { initialsOf, Thumbnail } from "../../web/src/components/Thumbnail";

describe("Thumbnail", () => {
  it("takes up to two whole letters from the first words of a name, in any script", () => {
    expect(initialsOf("Turnitin Pro plan")).toBe("TP");
    expect(initialsOf("  grammar ")).toBe("G");
    expect(initialsOf("فحص التشابه")).toBe("فا");
    expect(initialsOf("𝒜lpha beta")).toBe("𝒜B");
  });

  it("gives one name always the same theme colour, and shows the image when there is one", () => {
    const { container, rerender } = render(<Thumbnail src={null} name="Pro plan" className="h-10 w-10" />);
    const first = screen.getByTestId("thumbnail-placeholder").className;
    rerender(<Thumbnail src={null} name="Pro plan" className="h-10 w-10" />);
    expect(screen.getByTestId("thumbnail-placeholder").className).toBe(first);
    expect(first).toMatch(/bg-(primary|secondary|accent|neutral|info|success|warning) text-\1-content/);
    rerender(<Thumbnail src="/images/pro.webp" name="Pro plan" className="h-10 w-10" />);
    expect(screen.queryByTestId("thumbnail-placeholder")).toBeNull();
    const image = container.querySelector("img")!;
    expect(image.getAttribute("src")).toBe("/images/pro.webp");
    expect(image.getAttribute("alt")).toBe("");
  });
});
