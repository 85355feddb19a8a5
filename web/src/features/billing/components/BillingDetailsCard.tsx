import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { ErrorState, Loading } from "../../../components/PageStates";
import { useForm } from "../../../lib/form";
import { billingDetails, updateBillingDetails } from "../api";

type Values = { billingCompany: string; billingVatNumber: string };

/** The company and VAT number each new payment freezes onto its invoice (with the profile's address). */
export function BillingDetailsCard() {
  const details = useSWR("billing-details", billingDetails);
  if (details.error && !details.data) return <ErrorState onRetry={() => void details.mutate()} />;
  if (!details.data) return <Loading />;
  return <BillingForm initial={details.data} onSaved={(saved) => void details.mutate(saved, { revalidate: false })} />;
}

function BillingForm({ initial, onSaved }: { initial: Values; onSaved: (values: Values) => void }) {
  const { t } = useTranslation("billing");
  const form = useForm<Values>(
    initial,
    { billingCompany: { label: t("company") }, billingVatNumber: { label: t("vatNumber") } },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );
  const onSubmit = form.submit(async (values) => {
    const answer = await updateBillingDetails({
      billingCompany: values.billingCompany.trim(),
      billingVatNumber: values.billingVatNumber,
    });
    const saved = { billingCompany: answer.billingCompany, billingVatNumber: answer.billingVatNumber };
    form.reset(saved);
    onSaved(saved);
    return answer.message;
  });
  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={onSubmit} noValidate>
      <div className="card-body gap-4">
        <h2 className="card-title">{t("billingDetails")}</h2>
        <p className="text-sm text-base-content/70">{t("billingDetailsHint")}</p>
        <FormError text={form.formError} />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField form={form} name="billingCompany" autoComplete="organization" dir="auto" maxLength={200} />
          <TextField form={form} name="billingVatNumber" dir="ltr" maxLength={20} />
        </div>
        <div className="card-actions">
          <SubmitButton sending={form.sending}>{t("common:save")}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
