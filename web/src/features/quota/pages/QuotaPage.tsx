import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../app/session";
import type { Column } from "../../../components/DataTable";
import { ListCard } from "../../../components/ListPage";
import { ErrorState } from "../../../components/PageStates";
import { useSnackbar } from "../../../components/Snackbar";
import { useListController, type NoFilters } from "../../../components/useListController";
import { ApiError } from "../../../lib/api";
import { formatDate, formatNumber } from "../../../lib/format";
import { redeemCoupon, SEARCH_QUOTA, type LedgerRow, type QuotaAnswer } from "../api/quota";

export default function QuotaPage() {
  const { t } = useTranslation("quota");
  const snackbar = useSnackbar();
  const { ability, updateUserData } = useSession();
  const ledger = useListController<LedgerRow, NoFilters>({ call: SEARCH_QUOTA, defaults: { limit: 10 } });
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const balance = (ledger.data as QuotaAnswer | undefined)?.userQuota;
  const canRedeem = ability.can("redeem", "Coupon");

  async function redeem(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError(t("codeRequired"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await redeemCoupon(code.trim());
      snackbar.success(answer.message);
      updateUserData({ userQuota: answer.userQuota });
      setCode("");
      await ledger.reload();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t("redeemFailed"));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<LedgerRow>[] = [
    { key: "createdAt", header: t("colDate"), render: (r) => formatDate(r.createdAt, true) },
    { key: "reason", header: t("colReason"), render: (r) => <span className="badge badge-soft">{t(`reason.${r.reason}`)}</span> },
    { key: "note", header: t("colNote"), render: (r) => r.note || "—" },
    {
      key: "ref",
      header: t("colRef"),
      render: (r) => (
        <code className="text-xs break-all" dir="ltr">
          {r.ref ?? "—"}
        </code>
      ),
    },
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
        {canRedeem && (
          <form className="card bg-base-100 shadow-sm" onSubmit={(e) => void redeem(e)} noValidate>
            <div className="card-body gap-3">
              <h2 className="card-title">{t("redeemTitle")}</h2>
              <label className="grid gap-1">
                <span className="text-sm font-medium">{t("couponCode")}</span>
                <input
                  className={`input w-full ${error ? "input-error" : ""}`}
                  name="couponCode"
                  autoComplete="off"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  aria-invalid={error ? true : undefined}
                />
              </label>
              {error && (
                <p role="alert" className="text-sm text-error">
                  {error}
                </p>
              )}
              <button type="submit" className="btn btn-secondary" disabled={busy}>
                {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {t("redeem")}
              </button>
            </div>
          </form>
        )}
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
