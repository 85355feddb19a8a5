import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ActiveBadge } from "../../web/src/components/ActiveBadge";
import { ConfirmProvider } from "../../web/src/components/ConfirmDialog";
import { PageHeader } from "../../web/src/components/PageHeader";
import { RowActions } from "../../web/src/components/RowActions";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import { useDeleteWithConfirm } from "../../web/src/hooks/useDeleteWithConfirm";
import common from "../../web/src/i18n/locales/en.json";
import { ApiError } from "../../web/src/lib/api";
import { setupPageTests } from "./page-support";

setupPageTests({});

describe("ActiveBadge", () => {
  it("says active in green and inactive muted, with the common texts by default", () => {
    const { rerender } = render(<ActiveBadge active />);
    const badge = screen.getByText(common.active);
    expect(badge.className).toContain("badge-success");
    expect(badge.className).not.toContain("badge-ghost");
    rerender(<ActiveBadge active={false} />);
    expect(screen.getByText(common.inactive).className).toContain("badge-ghost");
  });

  it("uses a feature's own words for the two states", () => {
    const { rerender } = render(<ActiveBadge active activeText="In use" inactiveText="Not in use" />);
    expect(screen.getByText("In use")).toBeTruthy();
    rerender(<ActiveBadge active={false} activeText="In use" inactiveText="Not in use" />);
    expect(screen.getByText("Not in use")).toBeTruthy();
    expect(screen.queryByText(common.inactive)).toBeNull();
  });
});

describe("RowActions", () => {
  it("calls edit and delete from their buttons, the delete one in the error colour", () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    render(<RowActions onEdit={onEdit} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole("button", { name: common.edit }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onDelete).not.toHaveBeenCalled();
    const remove = screen.getByRole("button", { name: common.delete });
    expect(remove.className).toContain("text-error");
    fireEvent.click(remove);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it("leaves out the buttons the caller may not use, keeps extra actions first, and sizes for cards", () => {
    render(
      <RowActions onDelete={() => undefined} deleteText="Remove" size="sm">
        <a href="/view">View</a>
      </RowActions>,
    );
    expect(screen.queryByRole("button", { name: common.edit })).toBeNull();
    const remove = screen.getByRole("button", { name: "Remove" });
    expect(remove.className).toContain("btn-sm");
    const row = remove.parentElement!;
    expect(row.firstElementChild?.textContent).toBe("View");
  });
});

describe("PageHeader", () => {
  it("shows the title as the page heading, the subtitle and the main action", () => {
    render(
      <PageHeader title="Sites" subtitle="Sites you manage">
        <button type="button">Add site</button>
      </PageHeader>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Sites" })).toBeTruthy();
    expect(screen.getByText("Sites you manage")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add site" })).toBeTruthy();
  });

  it("shows no empty subtitle line", () => {
    const { container } = render(<PageHeader title="Roles" />);
    expect(container.querySelector("p")).toBeNull();
  });
});

interface Row {
  id: number;
  name: string;
}

function List({ call, onDeleted }: { call: (row: Row) => Promise<{ message: string }>; onDeleted: () => void }) {
  const remove = useDeleteWithConfirm<Row>({
    ask: (row) => ({ title: `Delete ${row.name}?`, text: "This cannot be undone." }),
    call,
    onDeleted,
    failedPrefix: "Failed to delete: ",
    failedDefault: "try again.",
  });
  return (
    <button type="button" onClick={() => void remove({ id: 7, name: "Seven" })}>
      Remove seven
    </button>
  );
}

function renderList(call: (row: Row) => Promise<{ message: string }>) {
  const onDeleted = vi.fn();
  render(
    <SnackbarProvider>
      <ConfirmProvider>
        <List call={call} onDeleted={onDeleted} />
      </ConfirmProvider>
    </SnackbarProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Remove seven" }));
  return onDeleted;
}

describe("useDeleteWithConfirm", () => {
  it("asks about the row and calls nothing when the user cancels", async () => {
    const call = vi.fn(async () => ({ message: "Deleted." }));
    const onDeleted = renderList(call);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Delete Seven?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: common.cancel }));
    await waitFor(() => expect(within(dialog).queryByText("Delete Seven?")).toBeNull());
    expect(call).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("deletes the confirmed row, shows the answer's message and reloads", async () => {
    const call = vi.fn(async () => ({ message: "Seven is gone." }));
    const onDeleted = renderList(call);
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Seven is gone.")).toBeTruthy();
    expect(call).toHaveBeenCalledWith({ id: 7, name: "Seven" });
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason after the prefix, or the default text, and does not reload", async () => {
    const refused = renderList(async () => {
      throw new ApiError(409, "conflict", "It is in use.");
    });
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Failed to delete: It is in use.")).toBeTruthy();
    expect(refused).not.toHaveBeenCalled();
  });

  it("falls back to the default text when the failure is not an API answer", async () => {
    renderList(async () => {
      throw new TypeError("boom");
    });
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Failed to delete: try again.")).toBeTruthy();
  });
});
