import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { readFileSync } from "node:fs";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { FormError, SubmitButton, TextField } from "../../web/src/components/FormField";
import { ApiError } from "../../web/src/lib/api";
import { rules, useForm } from "../../web/src/lib/form";
import { setupI18n } from "./shell-support";

beforeAll(setupI18n);

type Values = { email: string; quantity: string };

/** A form with no rules of its own: only the browser's constraints and the server judge it. */
function ContactForm({ send }: { send: (values: Values) => Promise<string | void> }) {
  const form = useForm<Values>({ email: "", quantity: "1" }, { email: { label: "Work email" }, quantity: { label: "Copies" } });
  return (
    <form noValidate onSubmit={form.submit(send)}>
      <FormError text={form.formError} />
      <TextField form={form} name="email" type="email" />
      <TextField form={form} name="quantity" type="number" min={1} max={10} />
      <SubmitButton sending={form.sending}>Send</SubmitButton>
    </form>
  );
}

function submitWith(values: Partial<Values>) {
  for (const [label, value] of [
    ["Work email", values.email],
    ["Copies", values.quantity],
  ] as const) {
    if (value !== undefined) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
}

const alerts = () => screen.queryAllByRole("alert").map((a) => a.textContent);

describe("useForm", () => {
  it("keeps the browser's own checks under noValidate: a bad email or a number out of range sends nothing", async () => {
    const send = vi.fn(async () => undefined);
    render(<ContactForm send={send} />);
    submitWith({ email: "ada@", quantity: "12" });
    await waitFor(() => expect(alerts()).toEqual(["Enter a valid email address.", 'The field "Copies" must be at most 10.']));
    expect(send).not.toHaveBeenCalled();
    submitWith({ email: "ada@example.com", quantity: "2.5" });
    await waitFor(() => expect(alerts()).toEqual(['The field "Copies" must be a whole number.']));
    submitWith({ quantity: "3" });
    await waitFor(() => expect(send).toHaveBeenCalledWith({ email: "ada@example.com", quantity: "3" }));
  });

  it("words the server's field errors with the label: required, a reason, or a generic text without one", async () => {
    const send = vi
      .fn<(values: Values) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(400, "required", 'The field "email" is required.', "email"))
      .mockRejectedValueOnce(new ApiError(400, "invalid_input", 'The field "email" x.', "email", "is on a blocked domain"))
      .mockRejectedValueOnce(new ApiError(400, "invalid_input", 'The field "quantity" is not valid.', "quantity"));
    render(<ContactForm send={send} />);
    submitWith({ email: "ada@example.com" });
    await waitFor(() => expect(alerts()).toEqual(['The field "Work email" is required.']));
    submitWith({});
    await waitFor(() => expect(alerts()).toEqual(['The field "Work email" is on a blocked domain.']));
    submitWith({});
    await waitFor(() => expect(alerts()).toEqual(['The field "Copies" is not valid.']));
    expect(document.body.textContent).not.toMatch(/"(email|quantity)"/);
  });

  it("says what is wrong with a refused secret (a 400 wrong password or code), not that the field is not valid", async () => {
    const send = vi
      .fn<(values: Values) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(400, "wrong_password", "The password is not right.", "email"))
      .mockRejectedValueOnce(new ApiError(400, "wrong_code", "This code is wrong or has expired.", "quantity"))
      .mockRejectedValueOnce(new ApiError(400, "code_used", "This code was already used.", "quantity"));
    render(<ContactForm send={send} />);
    submitWith({ email: "ada@example.com" });
    await waitFor(() => expect(alerts()).toEqual(["The password is not right."]));
    submitWith({});
    await waitFor(() => expect(alerts()).toEqual(["This code is wrong or has expired."]));
    submitWith({});
    await waitFor(() => expect(alerts()).toEqual(["This code was already used."]));
    expect(document.body.textContent).not.toMatch(/is not valid/);
  });

  it("marks a field its rule requires before any submit: the control is required (styles.css stars its label), the label's text unchanged", () => {
    function Refund() {
      const form = useForm(
        { reason: "", note: "" },
        { reason: { label: "Reason", check: rules.required }, note: { label: "Note" } },
      );
      return (
        <form noValidate>
          <TextField form={form} name="reason" />
          <TextField form={form} name="note" />
        </form>
      );
    }
    render(<Refund />);
    const reason = screen.getByLabelText("Reason");
    expect((reason as HTMLInputElement).required).toBe(true);
    const label = document.querySelector(`label[for="${reason.id}"]`)!;
    expect(readFileSync("web/src/styles.css", "utf8")).toContain("label:has(+ :required, + * > :required)::after");

    expect(label.textContent).toBe("Reason");
    expect(alerts()).toEqual([]);
    const note = screen.getByLabelText("Note");
    expect((note as HTMLInputElement).required).toBe(false);
  });

  it("says nothing when the focus leaves an empty field (a link below would move under the pointer), but does once it holds text or on submit", async () => {
    function SignIn() {
      const form = useForm({ email: "" }, { email: { label: "Email", check: rules.email } });
      return (
        <form noValidate onSubmit={form.submit(async () => undefined)}>
          <TextField form={form} name="email" type="email" />
          <SubmitButton sending={form.sending}>Send</SubmitButton>
        </form>
      );
    }
    render(<SignIn />);
    const email = screen.getByLabelText("Email");
    fireEvent.focus(email);
    fireEvent.blur(email);
    expect(alerts()).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(alerts()).toHaveLength(1));
  });

  it("shows a conflict's own words under its field, and an error about no field of the form above it", async () => {
    const send = vi
      .fn<(values: Values) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(409, "email_taken", "An account with this email already exists.", "email"))
      .mockRejectedValueOnce(new ApiError(429, "rate_limited", "Too many attempts; try again in a minute."));
    render(<ContactForm send={send} />);
    submitWith({ email: "ada@example.com" });
    await waitFor(() => expect(alerts()).toEqual(["An account with this email already exists."]));
    expect(screen.getByLabelText("Work email").getAttribute("aria-invalid")).toBe("true");
    // Changing the field clears what the server said about it.
    fireEvent.change(screen.getByLabelText("Work email"), { target: { value: "ada@example.org" } });
    expect(alerts()).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(alerts()).toEqual(["Too many attempts; try again in a minute."]));
  });

  it("on a prerendered page, holds the send button until the app has the form and keeps what was typed before", async () => {
    const send = vi.fn(async () => undefined);
    const page = document.createElement("div");
    page.innerHTML = renderToString(<ContactForm send={send} />);
    document.body.append(page);
    const button = page.querySelector("button")!;
    // As the build prerendered it: Enter or a click would have the browser send the form itself.
    expect(button.disabled).toBe(true);
    page.querySelector<HTMLInputElement>('input[type="email"]')!.value = "early@example.com";
    await act(async () => void hydrateRoot(page, <ContactForm send={send} />));
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(screen.getByLabelText<HTMLInputElement>("Work email").value).toBe("early@example.com");
    fireEvent.click(button);
    await waitFor(() => expect(send).toHaveBeenCalledWith({ email: "early@example.com", quantity: "1" }));
    page.remove();
  });
});
