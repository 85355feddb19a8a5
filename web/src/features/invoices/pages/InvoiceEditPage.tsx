import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useParams } from "wouter";
import { TextAreaField } from "../../../components/FormControls";
import { SubmitButton } from "../../../components/FormField";
import { ErrorState, Loading } from "../../../components/PageStates";
import { useForm } from "../../../lib/form";
import { invoiceDetail, updatePayment } from "../api";
import { InvoiceDocument } from "../components/InvoiceDocument";

/** The invoice's note form, started from the saved note. */
function NoteForm({ referenceId, note, onSaved }: { referenceId: string; note: string; onSaved: () => void }) {
  const { t } = useTranslation("invoices");
  const form = useForm<{ note: string }>(
    { note },
    { note: { label: t("note") } },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );
  return (
    <form
      className="card h-fit bg-base-100 shadow-sm"
      noValidate
      onSubmit={form.submit(async (values) => {
        const answer = await updatePayment(referenceId, values.note);
        onSaved();
        return answer.message;
      })}
    >
      <div className="card-body gap-3">
        <h1 className="card-title">{t("editTitle")}</h1>
        <p className="text-sm text-base-content/70">{t("editText")}</p>
        <TextAreaField form={form} name="note" className="h-32" maxLength={500} />
        <SubmitButton sending={form.sending}>{t("save")}</SubmitButton>
        <Link href={`/apps/invoice/preview/${referenceId}`} className="btn btn-ghost">
          {t("preview")}
        </Link>
      </div>
    </form>
  );
}

/** Opened at the address of a paid invoice: nothing to edit any more. */
function PaidNotice({ referenceId }: { referenceId: string }) {
  const { t } = useTranslation("invoices");
  return (
    <div className="card h-fit bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h1 className="card-title">{t("editTitle")}</h1>
        <p role="status">{t("paidNotEditable")}</p>
        <Link href={`/apps/invoice/preview/${referenceId}`} className="btn btn-ghost">
          {t("preview")}
        </Link>
      </div>
    </div>
  );
}

/** Prices and lines are frozen; the admin edits the invoice's note (a PO number, a bank transaction id). */
export default function InvoiceEditPage() {
  const { id = "" } = useParams<{ id: string }>();
  const detail = useSWR(["invoice-detail", id], () => invoiceDetail(id));

  if (detail.error && !detail.data) return <ErrorState onRetry={() => void detail.mutate()} />;
  if (!detail.data) return <Loading />;

  return (
    <section className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
      <InvoiceDocument payment={detail.data.payment} seller={detail.data.seller} />
      {detail.data.payment.status === "paid" ? (
        <PaidNotice referenceId={id} />
      ) : (
        <NoteForm referenceId={id} note={detail.data.payment.note} onSaved={() => void detail.mutate()} />
      )}
    </section>
  );
}
