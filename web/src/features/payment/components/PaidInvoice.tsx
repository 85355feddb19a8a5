import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSnackbar } from "../../../lib/snackbar";
import { ApiError } from "../../../lib/api";
import { useSession } from "../../../providers/session";
import { downloadPayerInvoice } from "../api";

/**
 * The way to a paid payment's invoice: the invoice page for a signed-in user, else its PDF by the
 * payment's reference (the payer who followed the link has no session; the invoice page would ask one).
 */
export function PaidInvoice({ referenceId, invoiceNumber }: { referenceId: string; invoiceNumber: number | null }) {
  const { t } = useTranslation("payment");
  const { isLoggedIn } = useSession();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  if (isLoggedIn) {
    return (
      <Link href={`/apps/invoice/preview/${referenceId}`} className="btn btn-sm">
        {t("viewInvoice")}
      </Link>
    );
  }
  async function download() {
    setBusy(true);
    try {
      await downloadPayerInvoice(referenceId, invoiceNumber);
    } catch (err) {
      snackbar.error(t("invoiceFailed") + (err instanceof ApiError ? err.message : ""));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn-sm" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {t("downloadInvoice")}
    </button>
  );
}
