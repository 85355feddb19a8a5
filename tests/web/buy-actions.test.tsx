import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import useSWR from "swr";
import { describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import { useBuyActions } from "../../web/src/components/useBuyActions";
import { ApiError } from "../../web/src/lib/api";
import { setupPageTests } from "./page-support";

setupPageTests({});

type Calls = Parameters<typeof useBuyActions>[0];

function Card({ calls, cartReads }: { calls: Pick<Calls, "addToCart" | "checkout">; cartReads: () => number }) {
  useSWR("test-cart", cartReads);
  const { pending, addToCart, buyNow } = useBuyActions({
    ...calls,
    cartKey: "test-cart",
    cartFailed: "Cart failed: ",
    buyFailed: "Buy failed: ",
    failedDefault: "try again.",
  });
  return (
    <>
      <button type="button" disabled={pending !== null} onClick={() => void addToCart(5)}>
        Add
      </button>
      <button type="button" disabled={pending !== null} onClick={() => void buyNow(5)}>
        Buy
      </button>
    </>
  );
}

function renderCard(calls: Pick<Calls, "addToCart" | "checkout">) {
  const location = memoryLocation({ path: "/shop", record: true });
  const cartReads = vi.fn(() => 1);
  render(
    <Router hook={location.hook}>
      <SnackbarProvider>
        <Card calls={calls} cartReads={cartReads} />
      </SnackbarProvider>
    </Router>,
  );
  return { location, cartReads };
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("useBuyActions", () => {
  it("adds to the cart, tells the answer and reloads the cart badge", async () => {
    const addToCart = vi.fn(async () => ({ message: "Added to your cart." }));
    const { cartReads } = renderCard({ addToCart, checkout: vi.fn() });
    await waitFor(() => expect(cartReads).toHaveBeenCalledTimes(1));
    fireEvent.click(button("Add"));
    expect(button("Buy").disabled).toBe(true);
    expect(await screen.findByText("Added to your cart.")).toBeTruthy();
    expect(addToCart).toHaveBeenCalledWith(5);
    await waitFor(() => expect(cartReads).toHaveBeenCalledTimes(2));
    expect(button("Buy").disabled).toBe(false);
  });

  it("opens the new payment after buying and stays busy meanwhile", async () => {
    const checkout = vi.fn(async () => ({ referenceId: "ref/1" }));
    const { location } = renderCard({ addToCart: vi.fn(), checkout });
    fireEvent.click(button("Buy"));
    await waitFor(() => expect(location.history.at(-1)).toBe("/payment/ref%2F1"));
    expect(checkout).toHaveBeenCalledWith(5);
    expect(button("Add").disabled).toBe(true);
  });

  it("shows each failure with its prefix and lets the user try again", async () => {
    const { location } = renderCard({
      addToCart: () => Promise.reject(new ApiError(409, "x", "Already in your cart.")),
      checkout: () => Promise.reject(new TypeError("offline")),
    });
    fireEvent.click(button("Add"));
    expect(await screen.findByText("Cart failed: Already in your cart.")).toBeTruthy();
    fireEvent.click(button("Buy"));
    expect(await screen.findByText("Buy failed: try again.")).toBeTruthy();
    expect(button("Buy").disabled).toBe(false);
    expect(location.history).toEqual(["/shop"]);
  });
});
