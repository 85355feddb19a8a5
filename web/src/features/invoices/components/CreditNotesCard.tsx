import { useTranslation } from "react-i18next";
import type { Column } from "../../../components/DataTable";
import { ListCard } from "../../../components/ListPage";
import { useSnackbar } from "../../../lib/snackbar";
import { useListController } from "../../../hooks/useListController";
import { ApiError } from "../../../lib/api";
import { formatDate, formatMoney } from "../../../lib/format";
import { downloadCreditNotePdf, SEARCH_CREDIT_NOTE } from "../api";
import type { CreditNote } from "../types";
import { EInvoiceButtons } from "./EInvoiceButtons";

const TONE = { succeeded: "badge-neutral", pending: "badge-warning", failed: "badge-error" } as const;

/** The refunds and credit notes of one payment, beside its invoice, each credit note as a PDF and as XML. */
export function CreditNotesCard({ referenceId, version }: { referenceId: string; version: number }) {
  const { t } = useTranslation("invoices");
  const snackbar = useSnackbar();
  const list = useListController({
    call: SEARCH_CREDIT_NOTE,
    defaults: { limit: 5 },
    inUrl: false,
    body: ({ page, limit }) => ({ referenceId, page, limit }),
    // `version` changes after a refund, so the list is asked again.
    swr: { revision: version },
  });

  async function download(note: CreditNote) {
    try {
      await downloadCreditNotePdf(note.creditNoteNumber!);
    } catch (error) {
      snackbar.error(t("pdfFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }

  const columns: Column<CreditNote>[] = [
    {
      key: "number",
      header: t("creditNote"),
      render: (n) => (n.creditNoteNumber !== null ? `CN-${n.creditNoteNumber}` : "—"),
    },
    { key: "date", header: t("colDate"), render: (n) => formatDate(n.settledAt ?? n.createdAt) },
    { key: "reason", header: t("refundReason"), render: (n) => <span dir="auto">{n.reason}</span> },
    { key: "amount", header: t("colAmount"), className: "text-end", render: (n) => formatMoney(n.amount, n.currency) },
    {
      key: "status",
      header: t("colStatus"),
      render: (n) => <span className={`badge ${TONE[n.status]}`}>{t(`refundStatus.${n.status}`)}</span>,
    },
    {
      key: "pdf",
      header: t("pdf"),
      className: "text-end",
      render: (n) =>
        n.creditNoteNumber !== null ? (
          <div className="flex flex-wrap justify-end gap-1">
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => void download(n)}>
              {t("downloadPdf")}
            </button>
            <EInvoiceButtons
              referenceId={referenceId}
              fileStem={`credit-note-CN-${n.creditNoteNumber}`}
              creditNoteNumber={n.creditNoteNumber}
              compact
            />
          </div>
        ) : null,
    },
  ];

  return (
    <ListCard
      heading={t("creditNotes")}
      list={list}
      caption={t("creditNotes")}
      columns={columns}
      rowKey={(n) => n.refundId}
      emptyText={t("noCreditNotes")}
    />
  );
}
