import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { ToggleField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { formatMoney } from "../../../lib/format";
import { updateBundle } from "../api";
import type { Bundle, BundleForm } from "../types";

interface Props {
  bundle: Bundle | null;
  currency: string;
  onClose: () => void;
  /** After a save (the form shows the server's message): close and reload. */
  onSaved: () => void;
}

/**
 * The price the server will store: round(points × price per point × (100 − discount) / 100), in the
 * minor unit. SQLite's round() goes half away from zero, which is Math.round for these non-negative figures.
 */
export function bundlePrice(points: number, perPoint: number, discount: number): number {
  return Math.round((points * perPoint * (100 - discount)) / 100);
}

/** Add or edit a bundle; the price shown is a preview, the server computes the stored one. */
export function BundleDialog({ bundle, currency, onClose, onSaved }: Props) {
  const { t } = useTranslation("bundles");
  const form = useForm<BundleForm>(
    {
      bundleId: bundle?.bundleId ?? 0,
      bundlePoin: String(bundle?.bundlePoin ?? ""),
      bundlePPP: String(bundle?.bundlePPP ?? ""),
      bundleDisc: String(bundle?.bundleDisc ?? 0),
      bundleIsActive: bundle?.bundleIsActive ?? true,
    },
    {
      bundlePoin: { label: t("bundlePoin"), check: rules.required },
      bundlePPP: { label: t("bundlePPP"), check: rules.required },
      bundleDisc: { label: t("bundleDisc"), check: rules.required },
      bundleIsActive: { label: t("bundleIsActive") },
    },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );
  const { values } = form;
  const preview = bundlePrice(Number(values.bundlePoin) || 0, Number(values.bundlePPP) || 0, Number(values.bundleDisc) || 0);

  async function send(v: BundleForm) {
    const answer = await updateBundle({
      bundleId: v.bundleId,
      bundlePoin: Number(v.bundlePoin),
      bundlePPP: Number(v.bundlePPP),
      bundleDisc: Number(v.bundleDisc),
      bundleIsActive: v.bundleIsActive,
    });
    onSaved();
    return answer.message;
  }

  return (
    <FormDialog title={bundle ? t("editBundle") : t("addBundle")} form={form} onSend={send} onClose={onClose}>
      <TextField form={form} name="bundlePoin" type="number" inputMode="numeric" min={1} />
      <TextField form={form} name="bundlePPP" type="number" inputMode="numeric" min={0} />
      <TextField form={form} name="bundleDisc" type="number" inputMode="numeric" min={0} max={100} />
      <ToggleField form={form} name="bundleIsActive" />
      <p className="text-sm text-base-content/70">{t("pricePreview", { price: formatMoney(preview, currency) })}</p>
    </FormDialog>
  );
}
