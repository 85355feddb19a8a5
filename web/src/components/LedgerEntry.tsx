import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ApiError, type ListRow } from "../lib/api";
import { saveFile } from "../lib/download";
import { useSnackbar } from "../lib/snackbar";

/*
 * The ledger's words are the quota feature's ("quota:ledger.*", its page is the ledger): the user view reads
 * them from the same bundled locale file, and they stay out of "common", which /login loads first.
 */

/** One row of search-quota, as the quota page and the user view show it. */
export type LedgerEntryRow = Pick<ListRow<"search-quota">, "kind" | "note" | "referenceId" | "creditNoteNumber">;

/** What a ledger row is, in the reader's words: purchase, refund, coupon, job, job refund, adjustment. */
export function LedgerKind({ row }: { row: Pick<LedgerEntryRow, "kind"> }) {
  const { t } = useTranslation("quota");
  return <>{t(`ledger.kind.${row.kind}`)}</>;
}

/** A refund's credit note, as its PDF. */
function CreditNoteLink({ creditNoteNumber }: { creditNoteNumber: number }) {
  const { t } = useTranslation("quota");
  const snackbar = useSnackbar();
  const save = async () => {
    try {
      await saveFile("credit-note-pdf", { creditNoteNumber }, `credit-note-CN-${creditNoteNumber}.pdf`);
    } catch (error) {
      snackbar.error(t("ledger.pdfFailed") + (error instanceof ApiError ? error.message : ""));
    }
  };
  return (
    <button type="button" className="link link-hover" onClick={() => void save()}>
      {t("ledger.detail.creditNote", { number: creditNoteNumber })}
    </button>
  );
}

/**
 * What a ledger row was for: the payment it came from (a link), a refund's credit note (its PDF), the site
 * of a job, a coupon's code, an admin's note. Never the internal reference ("grant:…:0", "reclaim:…") it is
 * stored under, nor the English note a refund row carries.
 */
export function LedgerDetails({ row }: { row: LedgerEntryRow }) {
  const { t } = useTranslation("quota");
  if (row.kind === "refund" && row.creditNoteNumber !== null) return <CreditNoteLink creditNoteNumber={row.creditNoteNumber} />;
  if ((row.kind === "purchase" || row.kind === "refund") && row.referenceId)
    return (
      <Link href={`/payment/${encodeURIComponent(row.referenceId)}`} className="link link-hover">
        {t("ledger.detail.payment")}
      </Link>
    );
  if ((row.kind === "job" || row.kind === "jobRefund") && row.note)
    return <span className="break-words">{t("ledger.detail.job", { site: row.note })}</span>;
  // A coupon's row notes "Coupon <code>" (worker/src/routes/quota.ts): the code alone is data.
  if (row.kind === "coupon" && row.note)
    return <span className="break-all">{t("ledger.detail.coupon", { code: row.note.replace(/^Coupon /, "") })}</span>;
  return <span className="break-words">{(row.kind === "adjustment" || row.kind === "expiry") && row.note ? row.note : "—"}</span>;
}
