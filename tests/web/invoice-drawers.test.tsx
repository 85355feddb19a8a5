import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import { RecordPaymentDrawer } from "../../web/src/features/invoices/components/RecordPaymentDrawer";
import { RefundDialog } from "../../web/src/features/invoices/components/RefundDialog";
import { SendDrawer } from "../../web/src/features/invoices/components/SendDrawer";
import common from "../../web/src/i18n/locales/en.json";
import en from "../../web/src/features/invoices/locales/en.json";
import type { Payment } from "../../web/src/features/invoices/types";
import { callsTo, fail, mockApi, ok, setupPageTests } from "./page-support";

setupPageTests({ invoices: en });

const PAYMENT: Payment = {
  referenceId: "ref-0001",
  userId: 2,
  userName: "Amira",
  userEmail: "amira@example.com",
  amount: 120,
  currency: "USD",
  status: "pending",
  method: "bank",
  lines: [],
  note: "",
  hasProof: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  paidAt: null,
  expiresAt: "2026-01-02T00:00:00.000Z",
  invoiceNumber: 7,
  card: null,
  refundedAmount: 0,
  netAmount: null,
  taxAmount: null,
  tax: null,
  buyer: null,
  unappliedCharge: null,
};

function renderRecord() {
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(
    <SnackbarProvider>
      <RecordPaymentDrawer payment={PAYMENT} onClose={onClose} onDone={onDone} />
    </SnackbarProvider>,
  );
  return { onDone, onClose };
}

describe("invoice drawers (DrawerForm)", () => {
  it("records a payment: saves a changed note first, confirms, tells the answer and finishes", async () => {
    mockApi({ "update-payment": ok({ message: "Saved." }), "confirm-payment": ok({ message: "Payment confirmed." }) });
    const { onDone } = renderRecord();
    fireEvent.change(screen.getByRole("textbox", { name: en.note }), { target: { value: "TX-42" } });
    fireEvent.click(screen.getByRole("button", { name: en.recordSubmit }));
    expect(await screen.findByText("Payment confirmed.")).toBeTruthy();
    expect(callsTo("update-payment")[0]!.body).toEqual({ referenceId: "ref-0001", note: "TX-42" });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal in the drawer, stays open and lets the user try again", async () => {
    mockApi({ "confirm-payment": fail(409, "The payment is no longer open.") });
    const { onDone } = renderRecord();
    const submit = screen.getByRole("button", { name: en.recordSubmit }) as HTMLButtonElement;
    fireEvent.click(submit);
    expect(submit.disabled).toBe(true);
    expect((await screen.findByRole("alert")).textContent).toBe("The payment is no longer open.");
    expect(submit.disabled).toBe(false);
    expect(callsTo("update-payment")).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("shows a network failure in the drawer, and cancel closes", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("offline"))),
    );
    const onClose = vi.fn();
    render(
      <SnackbarProvider>
        <SendDrawer payment={PAYMENT} siteName="Edge Portal" onClose={onClose} />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: en.send }));
    expect((await screen.findByRole("alert")).textContent).toBe(common.networkError);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: en.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe("refund dialog", () => {
  it("marks its required reason before any submit, and leaves the optional amount unmarked", () => {
    render(
      <SnackbarProvider>
        <RefundDialog payment={{ ...PAYMENT, status: "paid" }} onClose={vi.fn()} onDone={vi.fn()} />
      </SnackbarProvider>,
    );
    const reason = screen.getByLabelText(en.refundReason);
    expect((reason as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText(en.refundAmount) as HTMLInputElement).required).toBe(false);
    expect(screen.queryAllByRole("alert")).toEqual([]);
  });
});
