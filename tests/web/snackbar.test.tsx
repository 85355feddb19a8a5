import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SNACKBAR_MS, SnackbarProvider } from "../../web/src/components/Snackbar";
import { useSnackbar } from "../../web/src/lib/snackbar";

afterEach(() => vi.useRealTimers());

function Buttons() {
  const snackbar = useSnackbar();
  return (
    <>
      <button type="button" onClick={() => snackbar.success("Item saved.")}>
        save
      </button>
      <button type="button" onClick={() => snackbar.error("Failed to delete item: it has subscriptions.")}>
        fail
      </button>
    </>
  );
}

const shown = () =>
  screen.queryAllByTestId("snackbar").map((note) => [note.className.match(/alert-(success|error)/)?.[1], note.textContent]);

describe("snackbar", () => {
  it("replaces a stale success with a new error: the newest message wins", () => {
    vi.useFakeTimers();
    render(
      <SnackbarProvider>
        <Buttons />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "save" }));
    expect(shown()).toEqual([["success", "Item saved."]]);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole("button", { name: "fail" }));
    expect(shown()).toEqual([["error", "Failed to delete item: it has subscriptions."]]);
    // The success's own timer ends without taking the newer error with it.
    act(() => vi.advanceTimersByTime(SNACKBAR_MS - 1000));
    expect(shown()).toEqual([["error", "Failed to delete item: it has subscriptions."]]);
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual([]);
  });

  it("leaves no timer running once it is gone (it would set the state of an unmounted page)", () => {
    vi.useFakeTimers();
    const page = render(
      <SnackbarProvider>
        <Buttons />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "save" }));
    fireEvent.click(screen.getByRole("button", { name: "fail" }));
    expect(vi.getTimerCount()).toBe(1);
    page.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("announces its message politely to screen readers", () => {
    render(
      <SnackbarProvider>
        <Buttons />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "save" }));
    const region = screen.getByRole("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(region.textContent).toBe("Item saved.");
  });
});
