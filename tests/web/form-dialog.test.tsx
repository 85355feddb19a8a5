import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FormDialog } from "../../web/src/components/FormDialog";
import { TextField } from "../../web/src/components/FormField";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import { UploadProgress } from "../../web/src/components/UploadProgress";
import common from "../../web/src/i18n/locales/en.json";
import { ApiError } from "../../web/src/lib/api";
import { rules, useForm } from "../../web/src/lib/form";
import { setupI18n } from "./shell-support";

beforeAll(setupI18n);
afterEach(() => vi.restoreAllMocks());

/** A one-field dialog as the features write them: the form declares the field's label and rule. */
function NameDialog(props: {
  send: (values: { name: string }) => Promise<string | void>;
  onClose?: () => void;
  variant?: "modal" | "drawer";
  submitText?: string;
}) {
  const form = useForm<{ name: string }>(
    { name: "" },
    { name: { label: "Name", check: rules.required } },
    { failure: { prefix: "Failed to save: ", fallback: "try again." } },
  );
  return (
    <FormDialog
      title="Add site"
      form={form}
      onSend={props.send}
      onClose={props.onClose ?? (() => undefined)}
      variant={props.variant}
      submitText={props.submitText}
    >
      <TextField form={form} name="name" />
    </FormDialog>
  );
}

const renderDialog = (props: Parameters<typeof NameDialog>[0]) =>
  render(
    <SnackbarProvider>
      <NameDialog {...props} />
    </SnackbarProvider>,
  );

describe("FormDialog", () => {
  it("is a labelled modal form whose cancel, backdrop and Escape close it", () => {
    const onClose = vi.fn();
    renderDialog({ send: vi.fn(), onClose });
    const dialog = screen.getByRole("dialog", { name: "Add site" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(screen.getByRole("textbox", { name: "Name" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: common.cancel }));
    fireEvent.click(screen.getByRole("button", { name: common.close }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it("as a drawer, has its own close button", () => {
    const onClose = vi.fn();
    renderDialog({ send: vi.fn(), onClose, variant: "drawer" });
    fireEvent.click(screen.getByRole("button", { name: common.close }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("checks the fields before sending, naming the field by its label", async () => {
    const send = vi.fn(async () => undefined);
    renderDialog({ send });
    fireEvent.click(screen.getByRole("button", { name: common.save }));
    expect((await screen.findByRole("alert")).textContent).toBe('The field "Name" is required.');
    expect(screen.getByRole("textbox", { name: "Name" }).getAttribute("aria-invalid")).toBe("true");
    expect(send).not.toHaveBeenCalled();
  });

  it("disables and spins the submit button, under its own text, while sending; then shows the answer", async () => {
    let finish: (message: string) => void = () => undefined;
    const send = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { container } = renderDialog({ send, submitText: "Generate codes" });
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Ada" } });
    fireEvent.click(screen.getByRole("button", { name: "Generate codes" }));
    expect(send).toHaveBeenCalledWith({ name: "Ada" });
    const button = screen.getByRole("button", { name: "Generate codes" }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(container.querySelector(".loading-spinner")).toBeTruthy();
    finish("Saved.");
    expect((await screen.findByTestId("snackbar")).textContent).toBe("Saved.");
    expect(button.disabled).toBe(false);
  });

  it("reports a failure that is not the API's with the form's default text", async () => {
    renderDialog({ send: () => Promise.reject(new TypeError("fetch failed")) });
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Ada" } });
    fireEvent.click(screen.getByRole("button", { name: common.save }));
    expect((await screen.findByTestId("snackbar")).textContent).toBe("Failed to save: try again.");
    expect(screen.getByRole("alert").textContent).toBe("try again.");
  });

  it("gives the keyboard back after a failed send: to the field the server names", async () => {
    renderDialog({ send: () => Promise.reject(new ApiError(409, "name_taken", "This name is taken.", "name")) });
    const name = screen.getByRole("textbox", { name: "Name" });
    fireEvent.change(name, { target: { value: "Ada" } });
    const save = screen.getByRole("button", { name: common.save });
    save.focus();
    fireEvent.click(save);
    expect((await screen.findByTestId("snackbar")).textContent).toBe("Failed to save: This name is taken.");
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it("gives the keyboard back after a failed send: to the submit button, which lost it while disabled", async () => {
    let fail: (error: Error) => void = () => undefined;
    renderDialog({ send: () => new Promise<never>((_, reject) => (fail = reject)) });
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Ada" } });
    const save = screen.getByRole("button", { name: common.save }) as HTMLButtonElement;
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(save.disabled).toBe(true));
    // Browsers move the focus off a button once it is disabled, to the page.
    document.body.tabIndex = -1;
    document.body.focus();
    expect(document.activeElement).toBe(document.body);
    fail(new ApiError(0, "network_error", "The server could not be reached."));
    expect((await screen.findByRole("alert")).textContent).toBe("The server could not be reached.");
    await waitFor(() => expect(document.activeElement).toBe(save));
    document.body.removeAttribute("tabindex");
  });
});

describe("UploadProgress", () => {
  it("shows the upload's share in percent, and nothing when no upload runs", () => {
    const { rerender, container } = render(<UploadProgress progress={0.426} label="Uploading" />);
    const bar = screen.getByRole("progressbar", { name: "Uploading" }) as HTMLProgressElement;
    expect(bar.value).toBe(43);
    expect(bar.max).toBe(100);
    rerender(<UploadProgress progress={null} label="Uploading" />);
    expect(container.querySelector("progress")).toBeNull();
  });
});
