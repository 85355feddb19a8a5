import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useConfirm } from "../../../components/ConfirmDialog";
import { SubmitButton, TextField } from "../../../components/FormField";
import { LedgerDetails, LedgerKind } from "../../../components/LedgerEntry";
import { useSnackbar } from "../../../lib/snackbar";
import { ApiError } from "../../../lib/api";
import { rules, useForm } from "../../../lib/form";
import { formatCount, formatDate, formatMoney, formatNumber, formatPercent } from "../../../lib/format";
import { adjustQuota } from "../api";
import { revokeSession } from "../api";
import { panelCalls } from "../api";
import { Panel } from "./Panel";

type Adjustment = { delta: string; reason: string };

/** A quota change by an admin: a non-zero number of points and why (the ledger row's note). */
function AdjustForm({ userId, onAdjusted }: { userId: number; onAdjusted: () => Promise<unknown> }) {
  const { t } = useTranslation("users");
  const form = useForm<Adjustment>(
    { delta: "", reason: "" },
    {
      delta: {
        label: t("delta"),
        check: (delta) => rules.required(delta) ?? (Number(delta) === 0 ? "validation.invalid" : undefined),
      },
      reason: { label: t("reason"), check: rules.required },
    },
    { failure: { prefix: t("actionFailed"), fallback: t("actionFailedDefault") } },
  );
  const adjust = form.submit(async ({ delta, reason }) => {
    const answer = await adjustQuota({ userId, delta: Number(delta), reason: reason.trim() });
    form.reset();
    await onAdjusted();
    return answer.message;
  });
  return (
    <form className="flex flex-col gap-2" onSubmit={adjust} aria-label={t("adjustQuota")} noValidate>
      <TextField form={form} name="delta" type="number" inputMode="numeric" className="input-sm" />
      <TextField form={form} name="reason" className="input-sm" />
      <div>
        <SubmitButton sending={form.sending} className="btn-sm btn-primary">
          {t("adjustQuota")}
        </SubmitButton>
      </div>
    </form>
  );
}

export function QuotaPanel({ userId, canAdjust, onChanged }: { userId: number; canAdjust: boolean; onChanged: () => void }) {
  const { t } = useTranslation("users");
  const quota = useSWR(["user-quota", userId], () => panelCalls.quota(userId));

  return (
    <Panel title={t("quota")} swr={quota} isEmpty={() => false} emptyText={t("ledgerEmpty")}>
      {(data) => (
        <div className="flex flex-col gap-3">
          <p className="text-lg">
            {t("balance")}: <strong>{formatCount("points", data.userQuota)}</strong>
          </p>
          {canAdjust && (
            <AdjustForm
              userId={userId}
              onAdjusted={async () => {
                await quota.mutate();
                onChanged();
              }}
            />
          )}
          <h3 className="font-medium">{t("ledger")}</h3>
          {data.data.length === 0 ? (
            <p className="text-base-content/70">{t("ledgerEmpty")}</p>
          ) : (
            <ul className="divide-y divide-base-200">
              {data.data.map((row, i) => (
                <li key={`${row.createdAt}-${i}`} className="flex justify-between gap-2 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="block font-medium">
                      <LedgerKind row={row} />
                    </span>
                    <span className="block">
                      <LedgerDetails row={row} />
                    </span>
                    <span className="block text-base-content/70">{formatDate(row.createdAt, true)}</span>
                  </span>
                  <span className={row.delta > 0 ? "text-success" : "text-error"}>
                    {row.delta > 0 ? "+" : ""}
                    {formatNumber(row.delta)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Panel>
  );
}

export function SubscriptionsPanel({ userId }: { userId: number }) {
  const { t } = useTranslation("users");
  const subs = useSWR(["user-subscriptions", userId], () => panelCalls.subscriptions(userId));
  return (
    <Panel title={t("subscriptions")} swr={subs} isEmpty={(d) => d.length === 0} emptyText={t("subscriptionsEmpty")}>
      {(rows) => (
        <ul className="divide-y divide-base-200">
          {rows.map((s) => (
            <li key={`${s.itemName}-${s.startsAt}`} className="flex justify-between gap-2 py-2">
              <span className="font-medium">{s.itemName}</span>
              <span className={s.active ? "text-success" : "text-base-content/70"}>
                {s.active ? t("until", { date: formatDate(s.endsAt) }) : t("expired")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

const STATUS_KEYS = ["statusQueued", "statusDone", "statusFailed"] as const;

export function JobsPanel({ userId }: { userId: number }) {
  const { t } = useTranslation("users");
  const jobs = useSWR(["user-jobs", userId], () => panelCalls.jobs(userId));
  return (
    <Panel title={t("jobs")} swr={jobs} isEmpty={(d) => d.data.length === 0} emptyText={t("jobsEmpty")}>
      {(list) => (
        <ul className="divide-y divide-base-200">
          {list.data.map((job) => (
            <li key={job.historyId} className="flex justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">{job.siteName}</span> — {job.fileName}
                <span className="block text-base-content/70">{formatDate(job.createdAt, true)}</span>
              </span>
              <span>
                {t(STATUS_KEYS[job.fileData.status] ?? "statusQueued")}
                {job.fileData.status === 1 && job.fileData.similarity !== null
                  ? ` · ${formatPercent(job.fileData.similarity)}`
                  : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function PaymentsPanel({ userId }: { userId: number }) {
  const { t } = useTranslation("users");
  const payments = useSWR(["user-payments", userId], () => panelCalls.payments(userId));
  return (
    <Panel title={t("payments")} swr={payments} isEmpty={(d) => d.data.length === 0} emptyText={t("paymentsEmpty")}>
      {(list) => (
        <ul className="divide-y divide-base-200">
          {list.data.map((p) => (
            <li key={p.referenceId} className="flex justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-mono">{p.referenceId.slice(0, 10)}…</span>
                <span className="block text-base-content/70">{formatDate(p.createdAt, true)}</span>
              </span>
              <span className="text-end">
                {formatMoney(p.amount, p.currency)}
                <span className="badge badge-soft ms-2">{p.status}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function SessionsPanel({ userId, canRevoke }: { userId: number; canRevoke: boolean }) {
  const { t } = useTranslation("users");
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const sessions = useSWR(["user-sessions", userId], () => panelCalls.sessions(userId));
  async function revoke(sessionId: number) {
    if (!(await confirm({ title: t("revokeTitle"), text: "", confirmText: t("revoke") }))) return;
    try {
      snackbar.success((await revokeSession(userId, sessionId)).message);
      await sessions.mutate();
    } catch (error) {
      snackbar.error(t("actionFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }
  return (
    <Panel title={t("sessions")} swr={sessions} isEmpty={(d) => d.data.length === 0} emptyText={t("sessionsEmpty")}>
      {(list) => (
        <ul className="divide-y divide-base-200">
          {list.data.map((s) => (
            <li key={s.sessionId} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate">{s.userAgent || "—"}</span>
                <span className="text-base-content/70">
                  {s.ip} · {t("lastSeen", { date: formatDate(s.lastSeenAt, true) })}
                  {s.current ? ` · ${t("thisDevice")}` : ""}
                </span>
              </span>
              {canRevoke && (
                <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => void revoke(s.sessionId)}>
                  {t("revoke")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
