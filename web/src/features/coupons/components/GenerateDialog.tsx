import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { generateCoupons, type GenerateForm } from "../api";

interface Props {
  onClose: () => void;
  /** After the codes were made (the form shows the server's message): show them, close and reload. */
  onGenerated: (codes: string[], form: GenerateForm) => void;
}

/** Generates 1..1000 codes worth couponQuota points each, valid through couponExpired. */
export function GenerateDialog({ onClose, onGenerated }: Props) {
  const { t } = useTranslation("coupons");
  const form = useForm<GenerateForm>(
    { couponQuota: "", couponExpired: "", couponCount: "1", couponPrefix: "" },
    {
      couponQuota: { label: t("couponQuota"), check: rules.required },
      couponExpired: { label: t("couponExpired"), check: rules.required },
      couponCount: { label: t("couponCount") },
      couponPrefix: { label: t("couponPrefix") },
    },
    { failure: { prefix: t("generateFailed"), fallback: t("generateFailedDefault") } },
  );

  async function send(values: GenerateForm) {
    const answer = await generateCoupons(values);
    onGenerated(answer.codes, values);
    return answer.message || t("generatedDefault");
  }

  return (
    <FormDialog title={t("generateTitle")} form={form} onSend={send} onClose={onClose} submitText={t("generate")}>
      <TextField form={form} name="couponQuota" type="number" inputMode="numeric" min={1} hint={t("couponQuotaHint")} />
      <TextField form={form} name="couponExpired" type="date" hint={t("couponExpiredHint")} />
      <TextField
        form={form}
        name="couponCount"
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        hint={t("couponCountHint")}
      />
      <TextField form={form} name="couponPrefix" maxLength={12} hint={t("couponPrefixHint")} />
    </FormDialog>
  );
}
