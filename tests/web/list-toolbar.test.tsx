import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ListToolbar, SEARCH_DELAY_MS, useActiveOptions, type ToolbarFilter } from "../../web/src/components/ListToolbar";
import { setupI18n } from "./shell-support";

beforeAll(setupI18n);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const STATUS: Omit<ToolbarFilter, "value" | "onChange"> = {
  label: "Status",
  anyLabel: "Any status",
  options: [
    { value: "active", label: "Active" },
    { value: "inactive", label: "Inactive" },
  ],
};

/** A page that keeps its search and status in state, as useListParams keeps them in the URL. */
function Page({ onSearch }: { onSearch: (search: string) => void }) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  return (
    <>
      <ListToolbar
        search={{
          value: search,
          onSearch: (next) => {
            onSearch(next);
            setSearch(next);
          },
          placeholder: "Search users",
        }}
        filters={[{ ...STATUS, value: status, onChange: setStatus }]}
      />
      <output data-testid="applied">{`${search}|${status}`}</output>
      <button type="button" onClick={() => setSearch("")}>
        Clear from elsewhere
      </button>
    </>
  );
}

const applied = () => screen.getByTestId("applied").textContent;

describe("ListToolbar", () => {
  it("applies the search once, after typing pauses", () => {
    const onSearch = vi.fn();
    render(<Page onSearch={onSearch} />);
    const box = screen.getByRole("searchbox", { name: "Search users" });
    fireEvent.change(box, { target: { value: "a" } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 50));
    fireEvent.change(box, { target: { value: "ad" } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 50));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(onSearch.mock.calls).toEqual([["ad"]]);
    expect(applied()).toBe("ad|");
    expect(box).toHaveProperty("value", "ad");
  });

  it("follows a search changed elsewhere (a link, the back button) without sending it again", () => {
    const onSearch = vi.fn();
    render(<Page onSearch={onSearch} />);
    const box = screen.getByRole("searchbox", { name: "Search users" });
    fireEvent.change(box, { target: { value: "ada" } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    fireEvent.click(screen.getByRole("button", { name: "Clear from elsewhere" }));
    expect(box).toHaveProperty("value", "");
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 2));
    expect(onSearch.mock.calls).toEqual([["ada"]]);
  });

  it("keeps what is being typed when its own earlier search comes back", () => {
    const onSearch = vi.fn();
    render(<Page onSearch={onSearch} />);
    const box = screen.getByRole("searchbox", { name: "Search users" });
    fireEvent.change(box, { target: { value: "ad" } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    fireEvent.change(box, { target: { value: "ada" } });
    expect(box).toHaveProperty("value", "ada");
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    expect(onSearch.mock.calls).toEqual([["ad"], ["ada"]]);
  });

  it("renders each filter as a named select with its 'any' choice first, and reports a choice at once", () => {
    render(<Page onSearch={() => undefined} />);
    const select = screen.getByRole("combobox", { name: "Status" });
    expect(Array.from(select.querySelectorAll("option")).map((o) => [o.value, o.textContent])).toEqual([
      ["", "Any status"],
      ["active", "Active"],
      ["inactive", "Inactive"],
    ]);
    fireEvent.change(select, { target: { value: "inactive" } });
    expect(applied()).toBe("|inactive");
  });

  it("leaves out the empty choice where a value is required, and disables a filter when asked", () => {
    render(
      <ListToolbar
        filters={[
          {
            label: "Sort",
            value: "name",
            onChange: () => undefined,
            options: [
              { value: "name", label: "Name" },
              { value: "price", label: "Price" },
            ],
          },
          { ...STATUS, value: "", onChange: () => undefined, disabled: true },
        ]}
      />,
    );
    const sort = screen.getByRole("combobox", { name: "Sort" });
    expect(Array.from(sort.querySelectorAll("option")).map((o) => o.value)).toEqual(["name", "price"]);
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveProperty("disabled", true);
  });

  it("names the search box by its label when the placeholder says something else", () => {
    render(
      <ListToolbar search={{ value: "", onSearch: () => undefined, placeholder: "Invoice # or client", label: "Search" }} />,
    );
    const box = screen.getByRole("searchbox", { name: "Search" });
    expect(box.getAttribute("placeholder")).toBe("Invoice # or client");
  });

  it("lays out one column per control in a card, and an inline row with the caller's actions", () => {
    const { container, rerender } = render(
      <ListToolbar
        search={{ value: "", onSearch: () => undefined, placeholder: "Search" }}
        filters={[{ ...STATUS, value: "", onChange: () => undefined }]}
      />,
    );
    expect(container.firstElementChild!.className).toBe("grid gap-3 p-4 sm:grid-cols-2");
    rerender(
      <ListToolbar layout="inline" filters={[{ ...STATUS, value: "", onChange: () => undefined }]}>
        <button type="button">Add</button>
      </ListToolbar>,
    );
    const row = container.firstElementChild!;
    expect(row.className).toContain("flex-wrap");
    expect(row.lastElementChild!.textContent).toBe("Add");
    expect(screen.getByRole("combobox", { name: "Status" }).className).toBe("select w-auto");
  });

  it("offers the common active/inactive choices, in the user's language", () => {
    function StatusOnly() {
      return <ListToolbar filters={[{ ...STATUS, options: useActiveOptions(), value: "", onChange: () => undefined }]} />;
    }
    render(<StatusOnly />);
    const select = screen.getByRole("combobox", { name: "Status" });
    expect(Array.from(select.querySelectorAll("option")).map((o) => [o.value, o.textContent])).toEqual([
      ["", "Any status"],
      ["active", "Active"],
      ["inactive", "Inactive"],
    ]);
  });
});
