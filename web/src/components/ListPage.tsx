import type { ReactNode } from "react";
import { DataTable, type Column, type DataTableProps } from "./DataTable";
import { ListToolbar, type ToolbarFilter } from "./ListToolbar";
import { PageHeader } from "./PageHeader";
import { Pager } from "./Pager";
import { Empty, ErrorState, Loading } from "./PageStates";

type Paged = "rows" | "total" | "totalCapped" | "page" | "limit" | "onPage" | "onLimit" | "pageSizes" | "loading" | "error";

/** What the shell reads from a list controller (useListController gives all of it). */
export interface ShownList<T> {
  tableProps: Pick<DataTableProps<T>, Paged | "onRetry">;
  /** The search in force, and how to change it. */
  search: string;
  setSearch: (search: string) => void;
}

interface ViewProps<T> {
  list: ShownList<T>;
  rowKey: (row: T) => string | number;
  emptyText: string;
}

/** A table: cards on phones (DataTable), its footer with sizes and paging. */
interface TableView<T> {
  columns: Column<T>[];
  /** The table's accessible name. */
  caption: string;
  card?: never;
}

/** A grid of cards, one `<li>` per row, with previous/next under it. */
interface CardView<T> {
  card: (row: T) => ReactNode;
  /** Each card's data-testid (end-to-end tests find cards by it). */
  cardTestId?: string;
  /** The pager's accessible name and its "page N of M" text. */
  pagerLabel?: string;
  pageOf?: (page: number, pages: string) => string;
  columns?: never;
}

export type ListViewProps<T> = ViewProps<T> & (TableView<T> | CardView<T>);

/** A list's rows as a table or as cards, with loading, empty and error states and paging. */
export function ListView<T>(props: ListViewProps<T>) {
  const { list, rowKey, emptyText } = props;
  const paged = list.tableProps;
  if (props.columns) {
    return <DataTable caption={props.caption} columns={props.columns} rowKey={rowKey} emptyText={emptyText} {...paged} />;
  }
  const rows = paged.rows;
  if (paged.error && !rows) return <ErrorState onRetry={paged.onRetry} />;
  if (!rows) return <Loading />;
  return (
    <>
      {rows.length === 0 ? (
        <Empty text={emptyText} />
      ) : (
        <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${paged.loading ? "opacity-60" : ""}`}>
          {rows.map((row) => (
            <li key={rowKey(row)} className="card min-w-0 bg-base-100 shadow-sm" data-testid={props.cardTestId}>
              {props.card(row)}
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={paged.page}
        total={paged.total}
        totalCapped={paged.totalCapped}
        count={rows.length}
        limit={paged.limit}
        onPage={paged.onPage}
        label={props.pagerLabel}
        pageOf={props.pageOf}
      />
    </>
  );
}

export interface ListToolbarProps {
  /** The search box's placeholder (and accessible name, unless `label` says otherwise); no box when left out. */
  search?: { placeholder: string; label?: string };
  filters?: ToolbarFilter[];
}

function Toolbar<T>({ list, search, filters, layout }: ListToolbarProps & { list: ShownList<T>; layout: "card" | "inline" }) {
  if (!search && !filters?.length) return null;
  return (
    <ListToolbar
      layout={layout}
      search={search && { ...search, value: list.search, onSearch: list.setSearch }}
      filters={filters}
    />
  );
}

/** A list inside a card: an optional heading, the toolbar, then the table or cards. */
export function ListCard<T>({ heading, search, filters, ...view }: ListViewProps<T> & ListToolbarProps & { heading?: string }) {
  return (
    <div className="card min-w-0 bg-base-100 shadow-sm">
      {heading && <h2 className="px-4 pt-4 text-lg font-semibold">{heading}</h2>}
      <Toolbar list={view.list} search={search} filters={filters} layout="card" />
      <ListView {...view} />
    </div>
  );
}

export type ListPageProps<T> = ListViewProps<T> &
  ListToolbarProps & {
    title: string;
    subtitle?: string;
    /** The header's end: the page's main actions (say, Add). */
    actions?: ReactNode;
    /** Between the header and the list: a form, a notice. */
    intro?: ReactNode;
    /** Dialogs and drawers of the page. */
    children?: ReactNode;
  };

/**
 * The one shape of a list page: header with its actions, toolbar, the list as a table in a card or as
 * a grid of cards, paging, and the page's dialogs. A page keeps only its columns, filters and dialog.
 */
export function ListPage<T>({ title, subtitle, actions, intro, children, search, filters, ...view }: ListPageProps<T>) {
  return (
    <section className="flex min-w-0 flex-col gap-4">
      <PageHeader title={title} subtitle={subtitle}>
        {actions}
      </PageHeader>
      {intro}
      {view.columns ? (
        <ListCard {...view} search={search} filters={filters} />
      ) : (
        <>
          <Toolbar list={view.list} search={search} filters={filters} layout="inline" />
          <ListView {...view} />
        </>
      )}
      {children}
    </section>
  );
}
