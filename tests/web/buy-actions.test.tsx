import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import useSWR from "swr";
import { describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import { useBuyActions } from "../../web/src/hooks/useBuyActions";
import { CART_KEY } from "../../web/src/lib/cart";
import { callsTo, fail, mockApi, ok, setupPageTests, type Answer } from "./page-support";

setupPageTests({});

function Card({ cartReads }: { cartReads: () => number }) {
  useSWR(CART_KEY, cartReads);
  const { pending, addToCart, buyNow } = useBuyActions({
    kind: "bundle",
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

/** The shop's card with the cart and checkout calls answering `answers`. */
function renderCard(answers: Record<string, Answer>) {
  mockApi(answers);
  const location = memoryLocation({ path: "/shop", record: true });
  const cartReads = vi.fn(() => 1);
  render(
    <Router hook={location.hook}>
      <SnackbarProvider>
        <Card cartReads={cartReads} />
      </SnackbarProvider>
    </Router>,
  );
  return { location, cartReads };
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("useBuyActions", () => {
  it("adds to the cart, tells the answer and reloads the cart badge", async () => {
    const { cartReads } = renderCard({ updatecart: ok({ message: "Added to your cart." }) });
    await waitFor(() => expect(cartReads).toHaveBeenCalledTimes(1));
    fireEvent.click(button("Add"));
    expect(button("Buy").disabled).toBe(true);
    expect(await screen.findByText("Added to your cart.")).toBeTruthy();
    expect(callsTo("updatecart").map((c) => c.body)).toEqual([{ kind: "bundle", refId: 5, qty: 1 }]);
    await waitFor(() => expect(cartReads).toHaveBeenCalledTimes(2));
    expect(button("Buy").disabled).toBe(false);
  });

  it("opens the new payment after buying and stays busy meanwhile", async () => {
    const { location } = renderCard({ checkout: ok({ referenceId: "ref/1" }) });
    fireEvent.click(button("Buy"));
    await waitFor(() => expect(location.history.at(-1)).toBe("/payment/ref%2F1"));
    expect(callsTo("checkout").map((c) => c.body)).toEqual([{ kind: "bundle", refId: 5 }]);
    expect(button("Add").disabled).toBe(true);
  });

  it("shows each failure with its prefix and lets the user try again", async () => {
    const { location } = renderCard({
      updatecart: fail(409, "Already in your cart."),
      checkout: fail(503, "Payments are paused."),
    });
    fireEvent.click(button("Add"));
    expect(await screen.findByText("Cart failed: Already in your cart.")).toBeTruthy();
    fireEvent.click(button("Buy"));
    expect(await screen.findByText("Buy failed: Payments are paused.")).toBeTruthy();
    expect(button("Buy").disabled).toBe(false);
    expect(location.history).toEqual(["/shop"]);
  });
});
