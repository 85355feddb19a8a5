import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import useSWRInfinite from "swr/infinite";
import { PageHeader } from "../../../components/PageHeader";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { ARCHIVED_TABLES, archiveKey, searchArchive, type ArchiveAnswer, type ArchivedRow, type ArchivedTable } from "../api";

type PageKey = readonly [string, ArchivedTable, string, string, number];

/** One archived row: its id and date, then its columns as archived. */
function RowCard({ row }: { row: ArchivedRow }) {
  return (
    <li className="card bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-4">
        <p className="font-mono text-sm font-semibold">
          #{row.id} · <time dateTime={row.createdAt}>{row.createdAt}</time>
        </p>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {Object.entries(row.fields).map(([column, value]) => (
            <div key={column} className="contents">
              <dt className="text-base-content/80">{column}</dt>
              <dd className="break-all font-mono">{value === null ? "—" : String(value)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </li>
  );
}

/**
 * /apps/archive: staff search of a month the retention moved to R2 (decision 0025): a table, a month
 * (the newest unless picked) and a text; each "more" reads the next few chunks.
 */
export default function ArchivePage() {
  const { t } = useTranslation("archive");
  const [table, setTable] = useState<ArchivedTable>("history");
  const [month, setMonth] = useState("");
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const pages = useSWRInfinite<ArchiveAnswer, Error, (index: number, previous: ArchiveAnswer | null) => PageKey | null>(
    (index, previous) =>
      index === 0
        ? [...archiveKey({ table, month, q }), 0]
        : previous?.next
          ? [...archiveKey({ table, month, q }), previous.next]
          : null,
    ([, table, month, q, after]) => searchArchive({ table, month, q, after }),
  );
  const first = pages.data?.[0];
  const rows = pages.data?.flatMap((page) => page.rows) ?? [];
  const next = pages.data?.at(-1)?.next ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
        <label className="select select-sm w-full sm:w-56">
          <span className="label">{t("table")}</span>
          <select
            value={table}
            onChange={(event) => {
              setTable(event.target.value as ArchivedTable);
              setMonth("");
            }}
          >
            {ARCHIVED_TABLES.map((name) => (
              <option key={name} value={name}>
                {t(`tables.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="select select-sm w-full sm:w-48">
          <span className="label">{t("month")}</span>
          <select value={month || first?.month || ""} onChange={(event) => setMonth(event.target.value)}>
            {(first?.months ?? []).map((m) => (
              <option key={m.month} value={m.month}>
                {t("monthRows", { month: m.month, count: m.rows })}
              </option>
            ))}
          </select>
        </label>
        <label className="input input-sm w-full sm:w-64">
          <span className="sr-only">{t("search")}</span>
          <input type="search" value={text} placeholder={t("search")} onChange={(event) => setText(event.target.value)} />
        </label>
        <button type="submit" className="btn btn-sm btn-primary">
          {t("find")}
        </button>
      </form>
      {pages.error ? (
        <ErrorState onRetry={() => void pages.mutate()} />
      ) : !pages.data ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty text={first?.month ? t("noMatch") : t("empty")} />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label={t("results")}>
            {rows.map((row) => (
              <RowCard key={`${row.id}-${row.createdAt}`} row={row} />
            ))}
          </ul>
          {next !== null && (
            <button
              type="button"
              className="btn btn-sm self-center"
              disabled={pages.isValidating}
              onClick={() => void pages.setSize(pages.size + 1)}
            >
              {t("more")}
            </button>
          )}
        </>
      )}
    </div>
  );
}
