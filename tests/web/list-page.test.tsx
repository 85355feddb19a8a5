import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18n from "i18next";
import { describe, expect, it, vi } from "vitest";
import type { Column } from "../../web/src/components/DataTable";
import { ListCard, ListPage } from "../../web/src/components/ListPage";
import { Pager } from "../../web/src/components/Pager";
import { paging } from "../../web/src/components/paging";
import { useListController } from "../../web/src/hooks/useListController";
import common from "../../web/src/i18n/locales/en.json";
import { api, type ListRow } from "../../web/src/lib/api";
import { callsTo, fail, mockApi, ok, renderAt, setupPageTests, type Body } from "./page-support";

setupPageTests({});

/*
 * The controller is typed by the contract, so these lists use real list calls (searchsite, and
 * searchvendor for a second list) with rows of the contract's shape; the answers come from mockApi.
 */
type Site = ListRow<"searchsite">;
type Vendor = ListRow<"searchvendor">;
const WHEN = "2025-01-01T00:00:00.000Z";

const COLUMNS: Column<Site>[] = [
  { key: "siteName", header: "Name" },
  { key: "siteId", header: "Number", className: "text-end" },
];
const VENDOR_COLUMNS: Column<Vendor>[] = [{ key: "vendorName", header: "Name" }];

const sites = (count: number, from = 1): Site[] =>
  Array.from({ length: count }, (_, i) => ({
    siteId: from + i,
    siteName: `Site ${from + i}`,
    siteDesc: "",
    sitePrice: 10,
    siteIsUse: true,
    siteImage: null,
    createdAt: WHEN,
    updatedAt: WHEN,
  }));

const vendors = (count: number, from = 1): Vendor[] =>
  Array.from({ length: count }, (_, i) => ({
    vendorId: from + i,
    vendorSiteID: 3,
    siteName: "Site 3",
    vendorName: `Vendor ${from + i}`,
    loginMethod: "email",
    vendorEmail: `vendor${from + i}@example.com`,
    vendorIsActive: true,
    hasSecret: false,
    lastUsedAt: WHEN,
    createdAt: WHEN,
    updatedAt: WHEN,
  }));

/** Answers a list call with `total` rows paged as asked (and `totalCapped` when given). */
function listApi(
  rowsOf: (count: number, from: number) => unknown[],
  total: number,
  extra: { totalCapped?: boolean; rows?: number } = {},
) {
  return (body: Body) => {
    const page = Number(body.page);
    const limit = Number(body.limit);
    const count = Math.max(0, Math.min(limit, (extra.rows ?? total) - (page - 1) * limit));
    return ok({ data: rowsOf(count, (page - 1) * limit + 1), total, page, limit, totalCapped: extra.totalCapped });
  };
}
const siteApi = (total: number, extra?: { totalCapped?: boolean; rows?: number }) => listApi(sites, total, extra);

/** An admin list as a page writes one: its columns, a filter, a delete and an edit dialog. */
function SiteList({ limit = 10 }: { limit?: number }) {
  const list = useListController({
    call: "searchsite",
    defaults: { limit, search: "", selectedStatus: "" },
    remove: {
      ask: (site) => ({ title: `Delete ${site.siteName}?`, text: "Gone for good." }),
      call: (site) => api("deletesite", { siteId: site.siteId }),
      failedPrefix: "Failed to delete site: ",
      failedDefault: "try again.",
    },
  });
  const columns: Column<Site>[] = [
    ...COLUMNS,
    {
      key: "actions",
      header: "Actions",
      render: (site) => (
        <>
          <button type="button" onClick={() => list.edit(site)}>
            Edit {site.siteName}
          </button>
          <button type="button" onClick={() => void list.remove(site)}>
            Delete {site.siteName}
          </button>
        </>
      ),
    },
  ];
  return (
    <ListPage
      title="Sites"
      subtitle="Every site"
      actions={
        <button type="button" onClick={list.create}>
          Add site
        </button>
      }
      list={list}
      search={{ placeholder: "Search sites" }}
      filters={[
        {
          label: "Status",
          anyLabel: "Any status",
          ...list.filter("selectedStatus"),
          options: [
            { value: "active", label: "Active" },
            { value: "inactive", label: "Inactive" },
          ],
        },
      ]}
      caption="Sites"
      columns={columns}
      rowKey={(site) => site.siteId}
      emptyText="No sites yet."
    >
      {list.editing && (
        <div role="dialog" aria-label="Site dialog">
          {list.editing.row ? `Editing ${list.editing.row.siteName}` : "New site"}
          <button type="button" onClick={list.saved}>
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
function SiteCards() {
  const list = useListController({ call: "searchsite", defaults: { limit: 12 } });
  return (
    <ListPage
      title="Site shop"
      list={list}
      card={(site) => <h2>{site.siteName}</h2>}
      cardTestId="site-card"
      rowKey={(site) => site.siteId}
      emptyText="The shop is empty."
      pagerLabel="Site pages"
      pageOf={(page, pages) => `Page ${page} of ${pages}`}
    />
  );
}

/** Two lists on one page, the second scoped, or both kept out of the URL. */
function TwoLists({ inUrl }: { inUrl: boolean }) {
  const first = useListController({ call: "searchsite", defaults: { limit: 5 }, inUrl });
  const second = useListController({
    call: "searchvendor",
    defaults: { limit: 5 },
    scope: "vendor",
    inUrl,
    body: ({ page, limit }) => ({ page, limit, selectedVendor: 3 }),
  });
  return (
    <>
      <ListCard heading="Sites" list={first} caption="Sites" columns={COLUMNS} rowKey={(s) => s.siteId} emptyText="None" />
      <ListCard
        heading="Vendors"
        list={second}
        caption="Vendors"
        columns={VENDOR_COLUMNS}
        rowKey={(v) => v.vendorId}
        emptyText="None"
      />
    </>
  );
}

const table = (name: string) => screen.getByRole("region", { name });
const next = (scope: HTMLElement = document.body) =>
  within(scope).getByRole("button", { name: common.nextPage }) as HTMLButtonElement;
const lastUrl = (location: { history?: string[] }) => location.history!.at(-1)!;

describe("useListController with ListPage", () => {
  it("shows the header, a loading state, then the rows as a table read from the URL's page, size, search and filter", async () => {
    mockApi({ searchsite: siteApi(31) });
    renderAt("/sites?page=2&limit=5&search=app&selectedStatus=active", () => <SiteList />);
    expect(screen.getByRole("heading", { level: 1, name: "Sites" })).toBeTruthy();
    expect(screen.getByText(common.loading)).toBeTruthy();
    expect(await screen.findByText("Site 6")).toBeTruthy();
    expect(callsTo("searchsite")[0]!.body).toEqual({ page: 2, limit: 5, search: "app", selectedStatus: "active" });
    expect(screen.getByText("6–10 of 31")).toBeTruthy();
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("app");
    expect((screen.getByRole("combobox", { name: "Status" }) as HTMLSelectElement).value).toBe("active");
  });

  it("goes back to page 1 when a filter or the size changes, and keeps the page in the URL when paging", async () => {
    mockApi({ searchsite: siteApi(31) });
    const location = renderAt("/sites?page=3", () => <SiteList />);
    await screen.findByText("Site 21");
    fireEvent.click(next());
    await screen.findByText("Site 31");
    expect(lastUrl(location)).toBe("/sites?page=4");
    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "inactive" } });
    await waitFor(() => expect(lastUrl(location)).toBe("/sites?selectedStatus=inactive"));
    fireEvent.change(screen.getByRole("combobox", { name: common.rowsPerPage }), { target: { value: "25" } });
    await waitFor(() => expect(lastUrl(location)).toBe("/sites?selectedStatus=inactive&limit=25"));
    expect(callsTo("searchsite").at(-1)!.body).toEqual({ page: 1, limit: 25, search: "", selectedStatus: "inactive" });
  });

  it("offers a list's own default size beside the spec's choices (12 for items and bundles)", async () => {
    mockApi({ searchsite: siteApi(3) });
    renderAt("/sites", () => <SiteList limit={12} />);
    await screen.findByText("Site 1");
    const sizes = screen.getByRole("combobox", { name: common.rowsPerPage }) as HTMLSelectElement;
    expect([...sizes.options].map((o) => o.value)).toEqual(["5", "10", "12", "20", "25", "50", "100"]);
    expect(sizes.value).toBe("12");
    expect(callsTo("searchsite")[0]!.body).toMatchObject({ limit: 12 });
  });

  it("asks before deleting, calls nothing when declined, and reloads after a confirmed delete", async () => {
    mockApi({ searchsite: siteApi(2), deletesite: ok({ message: "Site 2 deleted." }) });
    renderAt("/sites", () => <SiteList />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Site 2" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete Site 2?" });
    fireEvent.click(within(dialog).getByRole("button", { name: common.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Delete Site 2?" })).toBeNull());
    expect(callsTo("deletesite")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Delete Site 2" }));
    dialog = await screen.findByRole("dialog", { name: "Delete Site 2?" });
    fireEvent.click(within(dialog).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Site 2 deleted.")).toBeTruthy();
    expect(callsTo("deletesite")[0]!.body).toEqual({ siteId: 2 });
    await waitFor(() => expect(callsTo("searchsite")).toHaveLength(2));
  });

  it("shows a failed delete after its prefix and does not reload", async () => {
    mockApi({ searchsite: siteApi(2), deletesite: fail(409, "In use.") });
    renderAt("/sites", () => <SiteList />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Site 1" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Delete Site 1?" })).getByRole("button", { name: common.delete }),
    );
    expect(await screen.findByText("Failed to delete site: In use.")).toBeTruthy();
    expect(callsTo("searchsite")).toHaveLength(1);
  });

  it("opens the dialog to add or edit a row, and after a save closes it and reloads (the dialog's form shows the message)", async () => {
    mockApi({ searchsite: siteApi(2) });
    renderAt("/sites", () => <SiteList />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit Site 2" }));
    expect(screen.getByRole("dialog", { name: "Site dialog" }).textContent).toContain("Editing Site 2");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog", { name: "Site dialog" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Add site" }));
    expect(screen.getByRole("dialog", { name: "Site dialog" }).textContent).toContain("New site");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.queryByRole("dialog", { name: "Site dialog" })).toBeNull();
    await waitFor(() => expect(callsTo("searchsite")).toHaveLength(2));
    expect(callsTo("searchsite")).toHaveLength(2);
  });

  it("shows the empty text, and an error state whose retry asks again", async () => {
    let down = true;
    mockApi({ searchsite: () => (down ? fail(500, "Down.") : ok({ data: [], total: 0, page: 1, limit: 10 })) });
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderAt("/sites", () => <SiteList />);
    const retry = await screen.findByRole("button", { name: common.retry });
    expect(log).toHaveBeenCalledWith("Network response was not ok");
    down = false;
    fireEvent.click(retry);
    expect(await screen.findByText("No sites yet.")).toBeTruthy();
    expect(screen.getByText("0–0 of 0")).toBeTruthy();
  });

  it("labels every cell with its column, so a row reads as a card on a phone", async () => {
    mockApi({ searchsite: siteApi(1) });
    renderAt("/sites", () => <SiteList />);
    const cell = await screen.findByText("Site 1");
    const row = cell.closest("tr")!;
    expect([...row.querySelectorAll("td")].map((td) => td.dataset.label)).toEqual(["Name", "Number", "Actions"]);
    expect(row.closest("table")!.querySelector("thead")!.className).toContain("max-sm:sr-only");
    expect(cell.className).toContain("max-sm:before:content-[attr(data-label)]");
  });
});

describe("a capped total", () => {
  it("shows the total as N+ and keeps Next while pages come back full", async () => {
    // A text search counts up to 1,000 matches (docs/API.md); paging goes on past them.
    mockApi({ searchsite: siteApi(1000, { totalCapped: true, rows: 1004 }) });
    const location = renderAt("/sites?page=100", () => <SiteList />);
    await screen.findByText("Site 991");
    expect(screen.getByText("991–1,000 of 1,000+")).toBeTruthy();
    expect(next().disabled).toBe(false);
    fireEvent.click(next());
    await screen.findByText("Site 1001");
    expect(lastUrl(location)).toBe("/sites?page=101");
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
    mockApi({ searchsite: siteApi(30) });
    const location = renderAt("/shop", SiteCards);
    expect(await screen.findAllByTestId("site-card")).toHaveLength(12);
    const pages = screen.getByRole("navigation", { name: "Site pages" });
    expect(within(pages).getByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(next(pages));
    await screen.findByText("Site 13");
    expect(lastUrl(location)).toBe("/shop?page=2");

    mockApi({ searchsite: siteApi(0) });
    renderAt("/shop", SiteCards);
    expect(await screen.findByText("The shop is empty.")).toBeTruthy();
  });
});

describe("two lists on one page", () => {
  it("keep apart in the URL: the scoped one pages as vendorPage, each keeping the other's page", async () => {
    mockApi({ searchsite: siteApi(12), searchvendor: listApi(vendors, 12) });
    const location = renderAt("/both", () => <TwoLists inUrl />);
    await screen.findAllByText("Site 1");
    fireEvent.click(next(table("Vendors").parentElement!));
    await waitFor(() => expect(lastUrl(location)).toBe("/both?vendorPage=2"));
    fireEvent.click(next(table("Sites").parentElement!));
    await waitFor(() => expect(lastUrl(location)).toBe("/both?vendorPage=2&page=2"));
    expect(callsTo("searchvendor").at(-1)!.body).toEqual({ page: 2, limit: 5, selectedVendor: 3 });
    fireEvent.change(within(table("Vendors").parentElement!).getByRole("combobox"), { target: { value: "10" } });
    await waitFor(() => expect(lastUrl(location)).toBe("/both?page=2&vendorLimit=10"));
  });

  it("keep their paging in the page instead, when asked to", async () => {
    mockApi({ searchsite: siteApi(12), searchvendor: listApi(vendors, 12) });
    const location = renderAt("/both", () => <TwoLists inUrl={false} />);
    await screen.findAllByText("Site 1");
    fireEvent.click(next(table("Vendors").parentElement!));
    await waitFor(() => expect(callsTo("searchvendor").at(-1)!.body).toMatchObject({ page: 2 }));
    expect(within(table("Vendors").parentElement!).getByText("6–10 of 12")).toBeTruthy();
    expect(within(table("Sites").parentElement!).getByText("1–5 of 12")).toBeTruthy();
    expect(lastUrl(location)).toBe("/both");
  });
});
