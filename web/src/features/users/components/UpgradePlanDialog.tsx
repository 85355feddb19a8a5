import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useAppSettings } from "../../../providers/settings";
import { FormDialog } from "../../../components/FormDialog";
import { SelectField, TextAreaField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { ErrorState, Loading } from "../../../components/PageStates";
import { rules, useForm } from "../../../lib/form";
import { formatCount, formatDate, formatMoney } from "../../../lib/format";
import { grantPlan, PLAN_ITEMS_KEY, searchPlanItems, type PlanItem } from "../api";
import { panelCalls } from "../api";

const DAY_MS = 24 * 60 * 60 * 1000;

type Values = { itemId: string; periods: string; note: string };

/**
 * Where a grant of `item` × `periods` ends: it starts now, or where the user's running subscription to
 * the same item ends (as the server extends it).
 */
export function planEnd(
  item: Pick<PlanItem, "itemDuration">,
  periods: number,
  runningUntil: string | null,
  now = Date.now(),
): Date {
  const start = Math.max(now, runningUntil ? Date.parse(runningUntil) : now);
  return new Date(start + item.itemDuration * periods * DAY_MS);
}

interface Props {
  user: { userId: number; userName: string };
  onClose: () => void;
  /** After the grant (the form shows the server's message): refresh the view. */
  onGranted: () => void;
}

/** The user view's "upgrade plan": grant or extend a subscription, recorded as a paid manual payment. */
export function UpgradePlanDialog({ user, onClose, onGranted }: Props) {
  const { t } = useTranslation("users");
  const { currency } = useAppSettings();
  const items = useSWR(PLAN_ITEMS_KEY, searchPlanItems);
  const subscriptions = useSWR(["user-subscriptions", user.userId], () => panelCalls.subscriptions(user.userId));
  const form = useForm<Values>(
    { itemId: "", periods: "1", note: "" },
    {
      itemId: { label: t("planItem"), check: rules.required },
      periods: { label: t("planPeriods"), check: rules.required },
      note: { label: t("planNote") },
    },
    { failure: { prefix: t("planFailed"), fallback: t("actionFailedDefault") } },
  );
  const offered = (items.data?.data ?? []).filter((item) => item.itemIsActive);
  const chosen = offered.find((item) => String(item.itemId) === form.values.itemId);
  const periods = Math.max(1, Math.trunc(Number(form.values.periods)) || 1);
  const running = chosen
    ? ((subscriptions.data ?? []).find((s) => s.itemId === chosen.itemId && s.active)?.endsAt ?? null)
    : null;

  async function send(values: Values) {
    const answer = await grantPlan({
      userId: user.userId,
      itemId: Number(values.itemId),
      periods: Number(values.periods),
      note: values.note.trim(),
    });
    onGranted();
    return answer.message;
  }

  let body;
  if (items.error && !items.data) body = <ErrorState onRetry={() => void items.mutate()} />;
  else if (!items.data) body = <Loading />;
  else if (offered.length === 0) body = <p className="text-base-content/70">{t("planNoItems")}</p>;
  else {
    body = (
      <>
        <SelectField form={form} name="itemId">
          <option value="">{t("planChoose")}</option>
          {offered.map((item) => (
            <option key={item.itemId} value={String(item.itemId)}>
              {item.itemName} — {formatCount("days", item.itemDuration)} — {formatMoney(item.itemPrice, currency)}
            </option>
          ))}
        </SelectField>
        <TextField form={form} name="periods" type="number" inputMode="numeric" min={1} max={100} hint={t("planPeriodsHint")} />
        <TextAreaField form={form} name="note" rows={2} maxLength={500} hint={t("planNoteHint")} />
        {chosen && subscriptions.error && !subscriptions.data && (
          <div role="alert" className="alert alert-warning alert-soft flex flex-wrap justify-between text-sm">
            <span>{t("planRunningUnknown")}</span>
            <button type="button" className="btn btn-sm" onClick={() => void subscriptions.mutate()}>
              {t("retry")}
            </button>
          </div>
        )}
        {chosen && subscriptions.data && (
          <div className="rounded-box bg-base-200 p-3 text-sm" role="status" data-testid="plan-summary">
            <p>
              {running
                ? t("planExtends", { plan: chosen.itemName, date: formatDate(running) })
                : t("planStarts", { plan: chosen.itemName })}
            </p>
            <p className="font-semibold">
              {t("planEnds", { date: formatDate(planEnd(chosen, periods, running).toISOString()) })}
            </p>
            <p>{t("planRecorded", { amount: formatMoney(chosen.itemPrice * periods, currency) })}</p>
          </div>
        )}
      </>
    );
  }

  return (
    <FormDialog
      title={t("planTitle", { name: user.userName })}
      form={form}
      onSend={send}
      onClose={onClose}
      submitText={t("planGrant")}
      submitDisabled={offered.length === 0}
    >
      <p className="text-sm text-base-content/70">{t("planText")}</p>
      {body}
    </FormDialog>
  );
}
