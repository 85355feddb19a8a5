import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../providers/session";
import type { Column } from "../../../components/DataTable";
import { ListCard } from "../../../components/ListPage";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { LedgerDetails, LedgerKind } from "../../../components/LedgerEntry";
import { ErrorState } from "../../../components/PageStates";
import { useListController } from "../../../hooks/useListController";
import { rules, useForm } from "../../../lib/form";
import { formatDate, formatNumber } from "../../../lib/format";
import { redeemCoupon, SEARCH_QUOTA, type LedgerRow } from "../api";
import { ExpiriesCard } from "../components/ExpiriesCard";

/** A coupon code: redeemed, the balance in the session and the ledger follow. */
function RedeemForm({ onRedeemed }: { onRedeemed: () => Promise<unknown> }) {
  const { t } = useTranslation("quota");
  const { updateUserData } = useSession();
  const form = useForm<{ couponCode: string }>(
    { couponCode: "" },
    { couponCode: { label: t("couponCode"), check: rules.required } },
  );
  const redeem = form.submit(async ({ couponCode }) => {
    const answer = await redeemCoupon(couponCode.trim());
    updateUserData({ userQuota: answer.userQuota });
    form.reset();
    await onRedeemed();
    return answer.message;
  });
  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={redeem} noValidate>
      <div className="card-body gap-3">
        <h2 className="card-title">{t("redeemTitle")}</h2>
        <TextField form={form} name="couponCode" autoComplete="off" />
        <FormError text={form.formError} />
        <SubmitButton sending={form.sending} className="btn-secondary">
          {t("redeem")}
        </SubmitButton>
      </div>
    </form>
  );
}

export default function QuotaPage() {
  const { t } = useTranslation("quota");
  const { ability } = useSession();
  const ledger = useListController({ call: SEARCH_QUOTA, defaults: { limit: 10 } });
  const balance = ledger.data?.userQuota;
  const canRedeem = ability.can("redeem", "Coupon");

  const columns: Column<LedgerRow>[] = [
    { key: "createdAt", header: t("colDate"), render: (r) => formatDate(r.createdAt, true) },
    {
      key: "reason",
      header: t("colReason"),
      render: (r) => (
        <span className="badge badge-soft">
          <LedgerKind row={r} />
        </span>
      ),
    },
    { key: "details", header: t("colDetails"), render: (r) => <LedgerDetails row={r} /> },
    {
      key: "delta",
      header: t("colPoints"),
      className: "text-end",
      render: (r) => (
        <span className="font-medium" dir="ltr">
          {r.delta > 0 ? "+" : ""}
          {formatNumber(r.delta)}
        </span>
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="card bg-base-100 shadow-sm">
          <div className="card-body">
            <h2 className="card-title">{t("balance")}</h2>
            {ledger.error && balance === undefined ? (
              <ErrorState onRetry={() => void ledger.reload()} />
            ) : (
              <p className="text-4xl font-bold text-primary" data-testid="quota-balance" aria-busy={balance === undefined}>
                {balance === undefined ? (
                  <span className="loading loading-dots" aria-label={t("loadingBalance")} />
                ) : (
                  formatNumber(balance)
                )}
              </p>
            )}
            <p className="text-sm text-base-content/70">{t("balanceHelp")}</p>
            <div className="card-actions">
              <Link href="/portal/bundle" className="btn btn-primary btn-sm">
                {t("buyPoints")}
              </Link>
            </div>
          </div>
        </div>
        {canRedeem && <RedeemForm onRedeemed={() => ledger.reload()} />}
        {!(ledger.error && balance === undefined) && <ExpiriesCard expiries={ledger.data?.expiries} />}
      </div>
      <ListCard
        heading={t("ledger")}
        list={ledger}
        caption={t("ledger")}
        columns={columns}
        rowKey={(r) => r.ledgerId}
        emptyText={t("empty")}
      />
    </section>
  );
}
