import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useParams } from "wouter";
import { useSession } from "../../../providers/session";
import { ErrorState, Loading } from "../../../components/PageStates";
import { useSnackbar } from "../../../lib/snackbar";
import { ApiError } from "../../../lib/api";
import { downloadInvoicePdf, downloadProof, invoiceDetail } from "../api";
import { CreditNotesCard } from "../components/CreditNotesCard";
import { EInvoiceButtons } from "../components/EInvoiceButtons";
import { InvoiceDocument, PRINT_CSS } from "../components/InvoiceDocument";
import { PaymentActions } from "../components/PaymentActions";
import { RecordPaymentDrawer } from "../components/RecordPaymentDrawer";
import { RefundDialog } from "../components/RefundDialog";
import { SendDrawer } from "../components/SendDrawer";
import { OPEN_STATUSES, REFUNDABLE_STATUSES } from "../types";

export default function InvoicePreviewPage() {
  const { t } = useTranslation("invoices");
  const { id = "" } = useParams<{ id: string }>();
  const { ability } = useSession();
  const detail = useSWR(["invoice-detail", id], () => invoiceDetail(id));
  const [drawer, setDrawer] = useState<"send" | "record" | "refund" | null>(null);
  const [refunds, setRefunds] = useState(0);
  const isAdmin = ability.can("update", "Payment");
  const snackbar = useSnackbar();

  async function downloadPdf(invoiceNumber: number | null) {
    try {
      await downloadInvoicePdf(id, invoiceNumber);
    } catch (error) {
      snackbar.error(t("pdfFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }

  async function viewProof() {
    try {
      await downloadProof(id);
    } catch (error) {
      snackbar.error(t("proofFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }

  if (detail.error && !detail.data) {
    const missing = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return missing ? (
      <div className="card bg-base-100 p-8 text-center shadow-sm">
        <h1 className="text-xl font-semibold">{t("notFound")}</h1>
        <Link href="/apps/invoice/list" className="link">
          {t("backToList")}
        </Link>
      </div>
    ) : (
      <ErrorState onRetry={() => void detail.mutate()} />
    );
  }
  if (!detail.data) return <Loading />;
  const { payment, seller } = detail.data;
  const open = OPEN_STATUSES.includes(payment.status);

  return (
    <section className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_16rem]">
      <style>{PRINT_CSS}</style>
      <div className="flex min-w-0 flex-col gap-6">
        <InvoiceDocument payment={payment} seller={seller} />
        {payment.invoiceNumber !== null && (
          <div className="print:hidden">
            <CreditNotesCard referenceId={payment.referenceId} version={refunds} />
          </div>
        )}
      </div>
      <aside className="flex flex-col gap-2 print:hidden" aria-label={t("actions")}>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t("print")}
        </button>
        {payment.invoiceNumber !== null && (
          <button type="button" className="btn" onClick={() => void downloadPdf(payment.invoiceNumber)}>
            {t("downloadPdf")}
          </button>
        )}
        {payment.invoiceNumber !== null && (
          <EInvoiceButtons referenceId={payment.referenceId} fileStem={`invoice-${payment.invoiceNumber}`} />
        )}
        {isAdmin && REFUNDABLE_STATUSES.includes(payment.status) && (
          <button type="button" className="btn btn-outline btn-error" onClick={() => setDrawer("refund")}>
            {t("refund")}
          </button>
        )}
        {isAdmin && payment.invoiceNumber !== null && (
          <button type="button" className="btn" onClick={() => setDrawer("send")}>
            {t("sendInvoice")}
          </button>
        )}
        {isAdmin && open && (
          <button type="button" className="btn btn-success" onClick={() => setDrawer("record")}>
            {t("addPayment")}
          </button>
        )}
        {/* A paid invoice is issued: its note no longer changes. */}
        {isAdmin && payment.status !== "paid" && (
          <Link href={`/apps/invoice/edit/${payment.referenceId}`} className="btn btn-ghost">
            {t("edit")}
          </Link>
        )}
        {isAdmin && payment.hasProof && (
          <button type="button" className="btn" onClick={() => void viewProof()}>
            {t("viewProof")}
          </button>
        )}
        <PaymentActions payment={payment} onChanged={() => void detail.mutate()} />
        <Link href="/apps/invoice/list" className="btn btn-ghost">
          {t("backToList")}
        </Link>
      </aside>
      {drawer === "send" && <SendDrawer payment={payment} siteName={seller.siteName} onClose={() => setDrawer(null)} />}
      {drawer === "refund" && (
        <RefundDialog
          payment={payment}
          onClose={() => setDrawer(null)}
          onDone={() => {
            setDrawer(null);
            setRefunds((n) => n + 1);
            void detail.mutate();
          }}
        />
      )}
      {drawer === "record" && (
        <RecordPaymentDrawer
          payment={payment}
          onClose={() => setDrawer(null)}
          onDone={() => {
            setDrawer(null);
            void detail.mutate();
          }}
        />
      )}
    </section>
  );
}
