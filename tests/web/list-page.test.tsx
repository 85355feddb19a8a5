import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18n from "i18next";
import { describe, expect, it, vi } from "vitest";
import type { Column } from "../../web/src/components/DataTable";
import { ListCard, ListPage } from "../../web/src/components/ListPage";
import { Pager } from "../../web/src/components/Pager";
import { paging } from "../../web/src/components/paging";
import { useListController, type NoFilters } from "../../web/src/components/useListController";
import common from "../../web/src/i18n/locales/en.json";
import { callsTo, fail, mockApi, ok, renderAt, setupPageTests, type Body } from "./page-support";

setupPageTests({});

interface Fruit {
  id: number;
  name: string;
}

const COLUMNS: Column<Fruit>[] = [
  { key: "name", header: "Name" },
  { key: "id", header: "Number", className: "text-end" },
];

const fruits = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Fruit ${from + i}` }));

/** Answers search-fruit with `total` rows paged as asked (and `totalCapped` when given). */
function fruitApi(total: number, extra: { totalCapped?: boolean; rows?: number } = {}) {
  return (body: Body) => {
    const page = Number(body.page);
    const limit = Number(body.limit);
    const count = Math.max(0, Math.min(limit, (extra.rows ?? total) - (page - 1) * limit));
    return ok({ data: fruits(count, (page - 1) * limit + 1), total, page, limit, totalCapped: extra.totalCapped });
  };
}

/** An admin list as a page writes one: its columns, a filter, a delete and an edit dialog. */
function FruitPage({ limit = 10 }: { limit?: number }) {
  const list = useListController<Fruit, { search: string; colour: string }>({
    call: "search-fruit",
    defaults: { limit, search: "", colour: "" },
    remove: {
      ask: (fruit) => ({ title: `Delete ${fruit.name}?`, text: "Gone for good." }),
      call: async (fruit) => {
        const res = await fetch("/api/delete-fruit", { method: "POST", body: JSON.stringify({ id: fruit.id }) });
        if (!res.ok) throw new Error("refused");
        return { message: `${fruit.name} deleted.` };
      },
      failedPrefix: "Failed to delete fruit: ",
      failedDefault: "try again.",
    },
  });
  const columns: Column<Fruit>[] = [
    ...COLUMNS,
    {
      key: "actions",
      header: "Actions",
      render: (fruit) => (
        <>
          <button type="button" onClick={() => list.edit(fruit)}>
            Edit {fruit.name}
          </button>
          <button type="button" onClick={() => void list.remove(fruit)}>
            Delete {fruit.name}
          </button>
        </>
      ),
    },
  ];
  return (
    <ListPage
      title="Fruit"
      subtitle="Everything in the bowl"
      actions={
        <button type="button" onClick={list.create}>
          Add fruit
        </button>
      }
      list={list}
      search={{ placeholder: "Search fruit" }}
      filters={[
        {
          label: "Colour",
          anyLabel: "Any colour",
          ...list.filter("colour"),
          options: [
            { value: "red", label: "Red" },
            { value: "green", label: "Green" },
          ],
        },
      ]}
      caption="Fruit"
      columns={columns}
      rowKey={(fruit) => fruit.id}
      emptyText="No fruit yet."
    >
      {list.editing && (
        <div role="dialog" aria-label="Fruit dialog">
          {list.editing.row ? `Editing ${list.editing.row.name}` : "New fruit"}
          <button type="button" onClick={() => list.saved("Fruit saved.")}>
            Save
          </button>
          <button type="button" onClick={list.closeEdit}>
            Close
          </button>
        </div>
      )}
    </ListPage>
  );
}

/** A shop-like list of cards. */
function FruitCards() {
  const list = useListController<Fruit, NoFilters>({ call: "search-fruit", defaults: { limit: 12 } });
  return (
    <ListPage
      title="Fruit shop"
      list={list}
      card={(fruit) => <h2>{fruit.name}</h2>}
      cardTestId="fruit-card"
      rowKey={(fruit) => fruit.id}
      emptyText="The shop is empty."
      pagerLabel="Fruit pages"
      pageOf={(page, pages) => `Page ${page} of ${pages}`}
    />
  );
}

/** Two lists on one page, the second scoped, or both kept out of the URL. */
function TwoLists({ inUrl }: { inUrl: boolean }) {
  const first = useListController<Fruit, NoFilters>({ call: "search-fruit", defaults: { limit: 5 }, inUrl });
  const second = useListController<Fruit, NoFilters>({
    call: "search-veg",
    defaults: { limit: 5 },
    scope: "veg",
    inUrl,
    body: ({ page, limit }) => ({ page, limit, kind: "veg" }),
  });
  return (
    <>
      <ListCard heading="Fruit" list={first} caption="Fruit" columns={COLUMNS} rowKey={(f) => f.id} emptyText="None" />
      <ListCard heading="Veg" list={second} caption="Veg" columns={COLUMNS} rowKey={(f) => f.id} emptyText="None" />
    </>
  );
}

const table = (name: string) => screen.getByRole("region", { name });
const next = (scope: HTMLElement = document.body) =>
  within(scope).getByRole("button", { name: common.nextPage }) as HTMLButtonElement;
const lastUrl = (location: { history?: string[] }) => location.history!.at(-1)!;

describe("useListController with ListPage", () => {
  it("shows the header, a loading state, then the rows as a table read from the URL's page, size, search and filter", async () => {
    mockApi({ "search-fruit": fruitApi(31) });
    renderAt("/fruit?page=2&limit=5&search=app&colour=red", () => <FruitPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Fruit" })).toBeTruthy();
    expect(screen.getByText(common.loading)).toBeTruthy();
    expect(await screen.findByText("Fruit 6")).toBeTruthy();
    expect(callsTo("search-fruit")[0]!.body).toEqual({ page: 2, limit: 5, search: "app", colour: "red" });
    expect(screen.getByText("6–10 of 31")).toBeTruthy();
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("app");
    expect((screen.getByRole("combobox", { name: "Colour" }) as HTMLSelectElement).value).toBe("red");
  });

  it("goes back to page 1 when a filter or the size changes, and keeps the page in the URL when paging", async () => {
    mockApi({ "search-fruit": fruitApi(31) });
    const location = renderAt("/fruit?page=3", () => <FruitPage />);
    await screen.findByText("Fruit 21");
    fireEvent.click(next());
    await screen.findByText("Fruit 31");
    expect(lastUrl(location)).toBe("/fruit?page=4");
    fireEvent.change(screen.getByRole("combobox", { name: "Colour" }), { target: { value: "green" } });
    await waitFor(() => expect(lastUrl(location)).toBe("/fruit?colour=green"));
    fireEvent.change(screen.getByRole("combobox", { name: common.rowsPerPage }), { target: { value: "25" } });
    await waitFor(() => expect(lastUrl(location)).toBe("/fruit?colour=green&limit=25"));
    expect(callsTo("search-fruit").at(-1)!.body).toEqual({ page: 1, limit: 25, search: "", colour: "green" });
  });

  it("offers a list's own default size beside the spec's choices (12 for items and bundles)", async () => {
    mockApi({ "search-fruit": fruitApi(3) });
    renderAt("/fruit", () => <FruitPage limit={12} />);
    await screen.findByText("Fruit 1");
    const sizes = screen.getByRole("combobox", { name: common.rowsPerPage }) as HTMLSelectElement;
    expect([...sizes.options].map((o) => o.value)).toEqual(["5", "10", "12", "20", "25", "50", "100"]);
    expect(sizes.value).toBe("12");
    expect(callsTo("search-fruit")[0]!.body).toMatchObject({ limit: 12 });
  });

  it("asks before deleting, calls nothing when declined, and reloads after a confirmed delete", async () => {
    mockApi({ "search-fruit": fruitApi(2), "delete-fruit": ok({}) });
    renderAt("/fruit", () => <FruitPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Fruit 2" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete Fruit 2?" });
    fireEvent.click(within(dialog).getByRole("button", { name: common.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Delete Fruit 2?" })).toBeNull());
    expect(callsTo("delete-fruit")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Delete Fruit 2" }));
    dialog = await screen.findByRole("dialog", { name: "Delete Fruit 2?" });
    fireEvent.click(within(dialog).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Fruit 2 deleted.")).toBeTruthy();
    expect(callsTo("delete-fruit")[0]!.body).toEqual({ id: 2 });
    await waitFor(() => expect(callsTo("search-fruit")).toHaveLength(2));
  });

  it("shows a failed delete after its prefix and does not reload", async () => {
    mockApi({ "search-fruit": fruitApi(2), "delete-fruit": fail(409, "In use.") });
    renderAt("/fruit", () => <FruitPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Fruit 1" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Delete Fruit 1?" })).getByRole("button", { name: common.delete }),
    );
    expect(await screen.findByText("Failed to delete fruit: try again.")).toBeTruthy();
    expect(callsTo("search-fruit")).toHaveLength(1);
  });

  it("opens the dialog to add or edit a row, and after a save shows the message, closes it and reloads", async () => {
    mockApi({ "search-fruit": fruitApi(2) });
    renderAt("/fruit", () => <FruitPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit Fruit 2" }));
    expect(screen.getByRole("dialog", { name: "Fruit dialog" }).textContent).toContain("Editing Fruit 2");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog", { name: "Fruit dialog" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Add fruit" }));
    expect(screen.getByRole("dialog", { name: "Fruit dialog" }).textContent).toContain("New fruit");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Fruit saved.")).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Fruit dialog" })).toBeNull();
    await waitFor(() => expect(callsTo("search-fruit")).toHaveLength(2));
    expect(callsTo("search-fruit")).toHaveLength(2);
  });

  it("shows the empty text, and an error state whose retry asks again", async () => {
    let down = true;
    mockApi({ "search-fruit": () => (down ? fail(500, "Down.") : ok({ data: [], total: 0, page: 1, limit: 10 })) });
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderAt("/fruit", () => <FruitPage />);
    const retry = await screen.findByRole("button", { name: common.retry });
    expect(log).toHaveBeenCalledWith("Network response was not ok");
    down = false;
    fireEvent.click(retry);
    expect(await screen.findByText("No fruit yet.")).toBeTruthy();
    expect(screen.getByText("0–0 of 0")).toBeTruthy();
  });

  it("labels every cell with its column, so a row reads as a card on a phone", async () => {
    mockApi({ "search-fruit": fruitApi(1) });
    renderAt("/fruit", () => <FruitPage />);
    const cell = await screen.findByText("Fruit 1");
    const row = cell.closest("tr")!;
    expect([...row.querySelectorAll("td")].map((td) => td.dataset.label)).toEqual(["Name", "Number", "Actions"]);
    expect(row.closest("table")!.querySelector("thead")!.className).toContain("max-sm:sr-only");
    expect(cell.className).toContain("max-sm:before:content-[attr(data-label)]");
  });
});

describe("a capped total", () => {
  it("shows the total as N+ and keeps Next while pages come back full", async () => {
    // A text search counts up to 1,000 matches (docs/API.md); paging goes on past them.
    mockApi({ "search-fruit": fruitApi(1000, { totalCapped: true, rows: 1004 }) });
    const location = renderAt("/fruit?page=100", () => <FruitPage />);
    await screen.findByText("Fruit 991");
    expect(screen.getByText("991–1,000 of 1,000+")).toBeTruthy();
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    await screen.findByText("Fruit 1001");
    expect(lastUrl(location)).toBe("/fruit?page=101");
    // The short last page: what was paged through is the lower bound now, and there is no next page.
    expect(screen.getByText("1,001–1,004 of 1,004+")).toBeTruthy();
    expect(next().disabled).toBe(true);
  });

  it("writes the + after the formatted number in every language", async () => {
    for (const [language, locale] of [
      ["en", "en-US"],
      ["fr", "fr-FR"],
      ["ar", "ar"],
    ] as const) {
      await act(() => i18n.changeLanguage(language));
      const shown = paging({ page: 1, limit: 10, total: 1000, totalCapped: true, count: 10 });
      expect(shown.totalText).toBe(`${new Intl.NumberFormat(locale).format(1000)}+`);
      expect(shown.pagesText).toBe(`${new Intl.NumberFormat(locale).format(100)}+`);
    }
    await act(() => i18n.changeLanguage("en"));
    expect(paging({ page: 2, limit: 10, total: 31, count: 10 })).toEqual({
      from: 11,
      to: 20,
      hasPrevious: true,
      hasNext: true,
      totalText: "31",
      pagesText: "4",
    });
  });

  it("pages past the first 1,000 rows, to the last page of an exact total or while capped pages come back full", () => {
    expect(paging({ page: 100, limit: 10, total: 100_000, count: 10 }).hasNext).toBe(true);
    expect(paging({ page: 9_999, limit: 10, total: 100_000, count: 10 }).hasNext).toBe(true);
    expect(paging({ page: 10_000, limit: 10, total: 100_000, count: 10 }).hasNext).toBe(false);
    expect(paging({ page: 250, limit: 10, total: 1000, totalCapped: true, count: 10 }).hasNext).toBe(true);
    expect(paging({ page: 250, limit: 10, total: 1000, totalCapped: true, count: 9 }).hasNext).toBe(false);
  });

  it("lets the card pager page on and say N+ pages", () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <Pager page={3} total={1000} totalCapped count={12} limit={12} onPage={onPage} pageOf={(p, n) => `Page ${p} of ${n}`} />,
    );
    expect(screen.getByText("Page 3 of 84+")).toBeTruthy();
    fireEvent.click(next());
    expect(onPage).toHaveBeenCalledWith(4);
    rerender(
      <Pager page={90} total={1000} totalCapped count={12} limit={12} onPage={onPage} pageOf={(p, n) => `Page ${p} of ${n}`} />,
    );
    expect(screen.getByText("Page 90 of 90+")).toBeTruthy();
    fireEvent.click(next());
    expect(onPage).toHaveBeenCalledWith(91);
    rerender(
      <Pager page={91} total={1000} totalCapped count={4} limit={12} onPage={onPage} pageOf={(p, n) => `Page ${p} of ${n}`} />,
    );
    expect(screen.getByText("Page 91 of 91+")).toBeTruthy();
    expect(next().disabled).toBe(true);
  });
});

describe("the card view", () => {
  it("shows one card per row with a pager, and the empty text when there are none", async () => {
    mockApi({ "search-fruit": fruitApi(30) });
    const location = renderAt("/shop", FruitCards);
    expect(await screen.findAllByTestId("fruit-card")).toHaveLength(12);
    const pages = screen.getByRole("navigation", { name: "Fruit pages" });
    expect(within(pages).getByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(next(pages));
    await screen.findByText("Fruit 13");
    expect(lastUrl(location)).toBe("/shop?page=2");

    mockApi({ "search-fruit": fruitApi(0) });
    renderAt("/shop", FruitCards);
    expect(await screen.findByText("The shop is empty.")).toBeTruthy();
  });
});

describe("two lists on one page", () => {
  it("keep apart in the URL: the scoped one pages as vegPage, each keeping the other's page", async () => {
    mockApi({ "search-fruit": fruitApi(12), "search-veg": fruitApi(12) });
    const location = renderAt("/both", () => <TwoLists inUrl />);
    await screen.findAllByText("Fruit 1");
    fireEvent.click(next(table("Veg").parentElement!));
    await waitFor(() => expect(lastUrl(location)).toBe("/both?vegPage=2"));
    fireEvent.click(next(table("Fruit").parentElement!));
    await waitFor(() => expect(lastUrl(location)).toBe("/both?vegPage=2&page=2"));
    expect(callsTo("search-veg").at(-1)!.body).toEqual({ page: 2, limit: 5, kind: "veg" });
    fireEvent.change(within(table("Veg").parentElement!).getByRole("combobox"), { target: { value: "10" } });
    await waitFor(() => expect(lastUrl(location)).toBe("/both?page=2&vegLimit=10"));
  });

  it("keep their paging in the page instead, when asked to", async () => {
    mockApi({ "search-fruit": fruitApi(12), "search-veg": fruitApi(12) });
    const location = renderAt("/both", () => <TwoLists inUrl={false} />);
    await screen.findAllByText("Fruit 1");
    fireEvent.click(next(table("Veg").parentElement!));
    await waitFor(() => expect(callsTo("search-veg").at(-1)!.body).toMatchObject({ page: 2 }));
    expect(within(table("Veg").parentElement!).getByText("6–10 of 12")).toBeTruthy();
    expect(within(table("Fruit").parentElement!).getByText("1–5 of 12")).toBeTruthy();
    expect(lastUrl(location)).toBe("/both");
  });
});
