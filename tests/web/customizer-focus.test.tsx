import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { PreferencesProvider } from "../../web/src/providers/preferences";
import { Customizer } from "../../web/src/app/layouts/Customizer";
import { setupI18n } from "./shell-support";

beforeAll(setupI18n);

/** A page with the button that opens the customizer, as in the navbar, and a control after it. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <PreferencesProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Open customizer
      </button>
      <a href="/elsewhere">Outside link</a>
      <Customizer open={open} onClose={() => setOpen(false)} />
    </PreferencesProvider>
  );
}

function openCustomizer() {
  render(<Page />);
  const opener = screen.getByRole("button", { name: "Open customizer" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog") };
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: "Tab", shiftKey });

describe("the customizer's focus trap", () => {
  it("takes focus when it opens", () => {
    const { dialog } = openCustomizer();
    expect(document.activeElement).toBe(dialog);
  });

  it("wraps Tab from its last control to its first, and Shift+Tab back", () => {
    const { dialog } = openCustomizer();
    const reset = screen.getByRole("button", { name: "Reset to defaults" });
    const close = dialog.querySelector<HTMLButtonElement>("button")!;
    reset.focus();
    tab();
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(document.activeElement).toBe(reset);
  });

  it("sends Shift+Tab from the panel itself to its last control, never to the page behind", () => {
    const { dialog } = openCustomizer();
    tab(true);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Reset to defaults" }));
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("pulls focus back in when it has escaped to the page", () => {
    const { dialog } = openCustomizer();
    screen.getByRole("link", { name: "Outside link" }).focus();
    tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("leaves Tab alone between its own controls", () => {
    openCustomizer();
    const light = screen.getByRole("radio", { name: "Light" });
    light.focus();
    expect(tab()).toBe(true); // not prevented: the browser moves focus as usual
    expect(document.activeElement).toBe(light);
  });

  it("closes on Escape and gives focus back to the button that opened it", () => {
    const { opener } = openCustomizer();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("gives focus back to the opener when closed with its close button too", () => {
    const { opener, dialog } = openCustomizer();
    fireEvent.click(dialog.querySelector<HTMLButtonElement>("button")!);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("keeps the backdrop out of the tab order", () => {
    openCustomizer();
    const closers = screen.getAllByRole("button", { name: "Close" });
    const backdrop = closers.find((button) => !screen.getByRole("dialog").contains(button))!;
    expect(backdrop.tabIndex).toBe(-1);
  });
});
