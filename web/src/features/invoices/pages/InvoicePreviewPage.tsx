import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useParams } from "wouter";
import { useSession } from "../../../providers/session";
import { ErrorState, Loading } from "../../../components/PageStates";
import { useSnackbar } from "../../../components/Snackbar";
import { ApiError } from "../../../lib/api";
import { downloadProof, invoiceDetail } from "../api/payments";
import { InvoiceDocument, PRINT_CSS } from "../components/InvoiceDocument";
import { PaymentActions } from "../components/PaymentActions";
import { RecordPaymentDrawer } from "../components/RecordPaymentDrawer";
import { SendDrawer } from "../components/SendDrawer";
import { OPEN_STATUSES } from "../types";

export default function InvoicePreviewPage() {
  const { t } = useTranslation("invoices");
  const { id = "" } = useParams<{ id: string }>();
  const { ability } = useSession();
  const detail = useSWR(["invoice-detail", id], () => invoiceDetail(id));
  const [drawer, setDrawer] = useState<"send" | "record" | null>(null);
  const isAdmin = ability.can("update", "Payment");
  const snackbar = useSnackbar();

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
      <InvoiceDocument payment={payment} seller={seller} />
      <aside className="flex flex-col gap-2 print:hidden" aria-label={t("actions")}>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t("print")}
        </button>
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
        {isAdmin && (
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
