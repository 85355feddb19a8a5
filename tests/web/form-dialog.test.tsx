import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState, type FormEvent } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FormDialog } from "../../web/src/components/FormDialog";
import { UploadProgress } from "../../web/src/components/UploadProgress";
import { useDialogSave } from "../../web/src/components/useDialogSave";
import common from "../../web/src/i18n/locales/en.json";
import { ApiError } from "../../web/src/lib/api";
import { setupI18n } from "./shell-support";

beforeAll(setupI18n);
afterEach(() => vi.restoreAllMocks());

describe("FormDialog", () => {
  it("is a labelled modal form whose cancel and backdrop close it and whose save submits it", () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    render(
      <FormDialog title="Add site" onClose={onClose} onSubmit={onSubmit} busy={false}>
        <input aria-label="Name" />
      </FormDialog>,
    );
    const dialog = screen.getByRole("dialog", { name: "Add site" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(screen.getByRole("textbox", { name: "Name" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: common.save }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: common.cancel }));
    fireEvent.click(screen.getByRole("button", { name: common.close }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("disables and spins the submit button while busy, under its own text", () => {
    const { container } = render(
      <FormDialog title="Generate" onClose={() => undefined} onSubmit={() => undefined} busy submitText="Generate codes">
        {null}
      </FormDialog>,
    );
    const submit = screen.getByRole("button", { name: "Generate codes" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(container.querySelector(".loading-spinner")).toBeTruthy();
  });
});

/** A one-field dialog as the admin features write them with the shared save step. */
function NameDialog({ send, onError }: { send: (name: string) => Promise<void>; onError: (text: string) => void }) {
  const [name, setName] = useState("");
  const { errorOf, busy, save } = useDialogSave({ onError, failedPrefix: "Failed to save: ", failedDefault: "try again." });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(name.trim() === "" ? { field: "name", text: "The name is required." } : null, () => send(name));
  };
  return (
    <FormDialog title="Name" onClose={() => undefined} onSubmit={submit} busy={busy}>
      <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      {errorOf("name") && <p role="alert">{errorOf("name")}</p>}
      {errorOf("other") && <p role="alert">other: {errorOf("other")}</p>}
    </FormDialog>
  );
}

describe("useDialogSave", () => {
  it("shows the form's own error and sends nothing", () => {
    const send = vi.fn(async () => undefined);
    render(<NameDialog send={send} onError={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: common.save }));
    expect(screen.getByRole("alert").textContent).toBe("The name is required.");
    expect(send).not.toHaveBeenCalled();
  });

  it("is busy while sending and clears the earlier error", async () => {
    let finish = () => undefined as void;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<NameDialog send={send} onError={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: common.save }));
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Ada" } });
    fireEvent.click(screen.getByRole("button", { name: common.save }));
    expect(send).toHaveBeenCalledWith("Ada");
    expect(screen.queryByRole("alert")).toBeNull();
    const button = screen.getByRole("button", { name: common.save }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    finish();
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it("puts the API's error under the field it names and reports it with the prefix", async () => {
    const onError = vi.fn();
    render(<NameDialog send={() => Promise.reject(new ApiError(409, "conflict", "Taken.", "name"))} onError={onError} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Ada" } });
    fireEvent.click(screen.getByRole("button", { name: common.save }));
    expect((await screen.findByRole("alert")).textContent).toBe("Taken.");
    expect(onError).toHaveBeenCalledWith("Failed to save: Taken.");
  });

  it("reports an error without a field, or not from the API, with no field error", async () => {
    const onError = vi.fn();
    const send = vi
      .fn<(name: string) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(500, "x", "Server trouble."))
      .mockRejectedValueOnce(new TypeError("fetch failed"));
    render(<NameDialog send={send} onError={onError} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Ada" } });
    fireEvent.click(screen.getByRole("button", { name: common.save }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith("Failed to save: Server trouble."));
    fireEvent.click(screen.getByRole("button", { name: common.save }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith("Failed to save: try again."));
    expect(screen.queryByRole("alert")).toBeNull();
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
