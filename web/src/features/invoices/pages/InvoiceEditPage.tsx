import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useParams } from "wouter";
import { ErrorState, Loading } from "../../../components/PageStates";
import { useSnackbar } from "../../../components/Snackbar";
import { ApiError } from "../../../lib/api";
import { invoiceDetail, updatePayment } from "../api/payments";
import { InvoiceDocument } from "../components/InvoiceDocument";

/** Prices and lines are frozen; the admin edits the invoice's note (a PO number, a bank transaction id). */
export default function InvoiceEditPage() {
  const { t } = useTranslation("invoices");
  const { id = "" } = useParams<{ id: string }>();
  const snackbar = useSnackbar();
  const detail = useSWR(["invoice-detail", id], () => invoiceDetail(id));
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (detail.data && note === null) setNote(detail.data.payment.note);
  }, [detail.data, note]);

  if (detail.error && !detail.data) return <ErrorState onRetry={() => void detail.mutate()} />;
  if (!detail.data) return <Loading />;

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await updatePayment(id, note ?? "");
      snackbar.success(answer.message);
      await detail.mutate();
    } catch (error) {
      snackbar.error(t("saveFailed") + (error instanceof ApiError ? error.message : ""));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
      <InvoiceDocument payment={detail.data.payment} seller={detail.data.seller} />
      <form className="card h-fit bg-base-100 shadow-sm" onSubmit={(e) => void save(e)}>
        <div className="card-body gap-3">
          <h1 className="card-title">{t("editTitle")}</h1>
          <p className="text-sm text-base-content/70">{t("editText")}</p>
          <label className="grid gap-1">
            <span className="text-sm font-medium">{t("note")}</span>
            <textarea
              className="textarea h-32 w-full"
              value={note ?? ""}
              onChange={(e) => setNote(e.target.value)}
              maxLength={500}
            />
          </label>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("save")}
          </button>
          <Link href={`/apps/invoice/preview/${id}`} className="btn btn-ghost">
            {t("preview")}
          </Link>
        </div>
      </form>
    </section>
  );
}
