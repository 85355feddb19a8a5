import { useTranslation } from "react-i18next";
import { ActiveBadge } from "../../../components/ActiveBadge";
import type { Column } from "../../../components/DataTable";
import { DataTable } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { Empty } from "../../../components/PageStates";
import { RowActions } from "../../../components/RowActions";
import { formatNumber } from "../../../lib/format";
import { Sample, Samples } from "./Sample";
import { SAMPLE_ROWS, useSampleList, type SampleRow } from "./sampleData";
import { CellText } from "../../../components/CellText";
import { LedgerDetails, LedgerKind, type LedgerEntryRow } from "../../../components/LedgerEntry";

function useColumns(): Column<SampleRow>[] {
  const { t } = useTranslation("styleguide");
  return [
    { key: "name", header: t("field.name") },
    { key: "points", header: t("field.points"), render: (row) => formatNumber(row.points), className: "text-end" },
    { key: "active", header: t("field.status"), render: (row) => <ActiveBadge active={row.active} /> },
    {
      key: "actions",
      header: t("demo.actions"),
      render: () => <RowActions onEdit={() => undefined} onDelete={() => undefined} />,
    },
  ];
}

/** The server-paged table in a list page (rows, sizes, paging; cards on a phone), then its other states. */
export function DataTableDemo() {
  const { t } = useTranslation("styleguide");
  const columns = useColumns();
  const rows = useSampleList("rows");
  const loading = useSampleList("loading");
  const empty = useSampleList("empty");
  const failed = useSampleList("error");
  const table = (list: ReturnType<typeof useSampleList>) => (
    <DataTable
      caption={t("demo.products")}
      columns={columns}
      rowKey={(row) => row.id}
      emptyText={t("demo.noProducts")}
      {...list.tableProps}
    />
  );
  return (
    <Samples>
      <Sample label={t("demo.listPage")} wide>
        <ListPage
          title={t("demo.products")}
          subtitle={t("demo.productsIntro")}
          actions={
            <button type="button" className="btn btn-primary btn-sm">
              {t("demo.add")}
            </button>
          }
          list={rows}
          columns={columns}
          caption={t("demo.products")}
          rowKey={(row) => row.id}
          emptyText={t("demo.noProducts")}
          search={{ placeholder: t("demo.searchProducts") }}
        />
      </Sample>
      <Sample label={t("state.loading")}>{table(loading)}</Sample>
      <Sample label={t("state.empty")}>{table(empty)}</Sample>
      <Sample label={t("state.error")} wide>
        {table(failed)}
      </Sample>
    </Samples>
  );
}

/** A plain table (a few rows, no paging), as the charts' figures and the invoices' lines use it. */
/** Ledger rows of three kinds, as the quota page shows them. */
const LEDGER_SAMPLES: LedgerEntryRow[] = [
  { kind: "purchase", note: "", referenceId: "demo-reference", creditNoteNumber: null },
  { kind: "coupon", note: "Coupon WELCOME-10", referenceId: null, creditNoteNumber: null },
  { kind: "adjustment", note: "", referenceId: null, creditNoteNumber: null },
];

export function SimpleTableDemo() {
  const { t } = useTranslation("styleguide");
  const rows = SAMPLE_ROWS.slice(0, 4);
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("demo.products")}>
          <table className="table table-sm">
            <caption className="sr-only">{t("demo.products")}</caption>
            <thead className="text-base-content/80">
              <tr>
                <th scope="col" className="text-start">
                  {t("field.name")}
                </th>
                <th scope="col" className="text-end">
                  {t("field.points")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" className="text-start font-normal">
                    <CellText text={row.name} />
                  </th>
                  <td className="text-end tabular-nums">{formatNumber(row.points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Sample>
      <Sample label={t("demo.ledger")}>
        <ul className="space-y-1">
          {LEDGER_SAMPLES.map((row) => (
            <li key={row.kind} className="flex gap-2">
              <span className="font-medium">
                <LedgerKind row={row} />
              </span>
              <LedgerDetails row={row} />
            </li>
          ))}
        </ul>
      </Sample>
      <Sample label={t("state.empty")}>
        <Empty text={t("demo.noProducts")} />
      </Sample>
    </Samples>
  );
}
