import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useLocation } from "wouter";
import { SelectField, TextAreaField } from "../../../components/FormControls";
import { FormError, GroupError, SubmitButton } from "../../../components/FormField";
import { ErrorState, Loading } from "../../../components/PageStates";
import { rules, useForm } from "../../../lib/form";
import { formatCount, formatMoney } from "../../../lib/format";
import { useAppSettings } from "../../../providers/settings";
import { addPayment } from "../api";
import { searchBundles, searchItems, searchUsers } from "../api";

interface Line {
  key: number;
  product: string;
  qty: number;
}

type Values = { userId: string; lines: Line[]; note: string };

const SEARCH_DELAY_MS = 300;

/** Records a manual payment (add-payment): marked paid at once, points and subscriptions granted. */
export default function InvoiceAddPage() {
  const { t } = useTranslation("invoices");
  const [, navigate] = useLocation();
  const { currency } = useAppSettings();
  const [userSearch, setUserSearch] = useState("");
  const [query, setQuery] = useState("");
  const form = useForm<Values>(
    { userId: "", lines: [{ key: 1, product: "", qty: 1 }], note: "" },
    {
      userId: { label: t("client"), check: rules.required },
      lines: { label: t("lines"), check: (lines) => (lines.some((l) => !l.product) ? "invoices:validation.product" : undefined) },
      note: { label: t("note") },
    },
  );
  const lines = form.values.lines;
  const users = useSWR(["invoice-users", query], () => searchUsers(query));
  const items = useSWR("invoice-items", searchItems);
  const bundles = useSWR("invoice-bundles", searchBundles);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(userSearch), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userSearch]);

  if ((items.error && !items.data) || (bundles.error && !bundles.data)) {
    return <ErrorState onRetry={() => void Promise.all([items.mutate(), bundles.mutate()])} />;
  }
  if (!items.data || !bundles.data) return <Loading />;

  const prices = new Map<string, number>([
    ...items.data.data.map((i) => [`item:${i.itemId}`, i.itemPrice] as const),
    ...bundles.data.data.map((b) => [`bundle:${b.bundleId}`, b.bundlePrice] as const),
  ]);
  const total = lines.reduce((sum, l) => sum + (prices.get(l.product) ?? 0) * l.qty, 0);
  const setLines = (next: Line[]) => form.set("lines", next);
  const setLine = (key: number, patch: Partial<Line>) => setLines(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  async function send(values: Values) {
    const answer = await addPayment({
      userId: Number(values.userId),
      note: values.note,
      lines: values.lines.map((l) => {
        // The choices are "item:<itemId>" and "bundle:<bundleId>".
        const [kind, refId] = l.product.split(":");
        return { kind: kind === "bundle" ? "bundle" : "item", refId: Number(refId), qty: l.qty };
      }),
    });
    navigate(`/apps/invoice/preview/${answer.payment.referenceId}`);
    return answer.message;
  }

  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={(e) => void form.submit(send)(e)} noValidate>
      <div className="card-body gap-4">
        <h1 className="card-title text-2xl">{t("addTitle")}</h1>
        <p className="text-base-content/70">{t("addText")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="grid gap-1">
            <span className="text-sm font-medium">{t("findClient")}</span>
            <input type="search" className="input w-full" value={userSearch} onChange={(e) => setUserSearch(e.target.value)} />
          </label>
          <SelectField form={form} name="userId">
            <option value="">{users.data ? t("chooseClient") : t("loadingOptions")}</option>
            {users.data?.data.map((u) => (
              <option key={u.userId} value={u.userId}>
                {u.userName} — {u.userEmail}
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">{form.labelOf("lines")}</legend>
          <GroupError form={form} name="lines" />
          {lines.map((line) => (
            <div key={line.key} className="flex flex-wrap items-end gap-2">
              <select
                className="select min-w-0 flex-1"
                aria-label={t("product")}
                value={line.product}
                onChange={(e) => setLine(line.key, { product: e.target.value })}
              >
                <option value="">{t("chooseProduct")}</option>
                <optgroup label={t("kinds.bundle")}>
                  {bundles.data!.data.map((b) => (
                    <option key={b.bundleId} value={`bundle:${b.bundleId}`}>
                      {formatCount("points", b.bundlePoin)} — {formatMoney(b.bundlePrice, currency)}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t("kinds.item")}>
                  {items.data!.data.map((i) => (
                    <option key={i.itemId} value={`item:${i.itemId}`}>
                      {i.itemName} — {formatMoney(i.itemPrice, currency)}
                    </option>
                  ))}
                </optgroup>
              </select>
              <input
                type="number"
                className="input w-24"
                min={1}
                max={100}
                aria-label={t("colQty")}
                value={line.qty}
                onChange={(e) => setLine(line.key, { qty: Math.min(100, Math.max(1, Number(e.target.value) || 1)) })}
              />
              <button
                type="button"
                className="btn btn-ghost text-error"
                disabled={lines.length === 1}
                onClick={() => setLines(lines.filter((l) => l.key !== line.key))}
              >
                {t("removeLine")}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-ghost btn-sm w-fit"
            onClick={() => setLines([...lines, { key: Math.max(...lines.map((l) => l.key)) + 1, product: "", qty: 1 }])}
          >
            {t("addLine")}
          </button>
        </fieldset>
        <TextAreaField form={form} name="note" maxLength={500} />
        <p className="text-lg font-semibold">
          {t("total")}: {formatMoney(total, currency)}
        </p>
        <FormError text={form.formError} />
        <div className="card-actions justify-end">
          <Link href="/apps/invoice/list" className="btn">
            {t("cancel")}
          </Link>
          <SubmitButton sending={form.sending}>{t("recordManual")}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
