import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { ToggleField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { rules, useForm } from "../../../lib/form";
import { formatMoney } from "../../../lib/format";
import { updateBundle } from "../api";
import { BUNDLE_TEXTS, type Bundle, type BundleForm } from "../types";

/** The longest name and description the server takes (contract/bundles.ts). */
const MAX_LENGTH = { name: 60, desc: 200 } as const;
/** The longest validity the server takes, in days (contract/bundles.ts). */
const VALID_DAYS_MAX = 3650;
/** Each text field's language: the Arabic ones are typed right to left. */
const TEXT_DIR = {
  bundleName: "ltr",
  bundleNameFr: "ltr",
  bundleNameAr: "rtl",
  bundleDesc: "ltr",
  bundleDescFr: "ltr",
  bundleDescAr: "rtl",
};

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
      bundleValidDays: typeof bundle?.bundleValidDays === "number" ? String(bundle.bundleValidDays) : "",
      bundleName: bundle?.bundleName ?? "",
      bundleNameFr: bundle?.bundleNameFr ?? "",
      bundleNameAr: bundle?.bundleNameAr ?? "",
      bundleDesc: bundle?.bundleDesc ?? "",
      bundleDescFr: bundle?.bundleDescFr ?? "",
      bundleDescAr: bundle?.bundleDescAr ?? "",
    },
    {
      bundlePoin: { label: t("bundlePoin"), check: rules.required },
      bundlePPP: { label: t("bundlePPP"), check: rules.required },
      bundleDisc: { label: t("bundleDisc"), check: rules.required },
      bundleIsActive: { label: t("bundleIsActive") },
      bundleValidDays: { label: t("bundleValidDays") },
      ...Object.fromEntries(BUNDLE_TEXTS.map((name) => [name, { label: t(name) }])),
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
      // Blank: the points never expire. A new bundle leaves it out (never, the server's default).
      ...(v.bundleValidDays.trim() !== ""
        ? { bundleValidDays: Number(v.bundleValidDays) }
        : v.bundleId !== 0
          ? { bundleValidDays: null }
          : {}),
      ...Object.fromEntries(BUNDLE_TEXTS.map((name) => [name, v[name]])),
    });
    onSaved();
    return answer.message;
  }

  return (
    <FormDialog title={bundle ? t("editBundle") : t("addBundle")} form={form} onSend={send} onClose={onClose}>
      <TextField form={form} name="bundlePoin" type="number" inputMode="numeric" min={1} />
      <TextField form={form} name="bundlePPP" type="number" inputMode="numeric" min={0} />
      <TextField form={form} name="bundleDisc" type="number" inputMode="numeric" min={0} max={100} />
      <TextField
        form={form}
        name="bundleValidDays"
        type="number"
        inputMode="numeric"
        min={1}
        max={VALID_DAYS_MAX}
        step={1}
        hint={t("bundleValidDaysHint")}
      />
      <ToggleField form={form} name="bundleIsActive" />
      <fieldset className="grid grid-cols-1 gap-3">
        <legend className="mb-1 text-sm font-medium">{t("textsLegend")}</legend>
        {BUNDLE_TEXTS.map((name) => (
          <TextField
            key={name}
            form={form}
            name={name}
            dir={TEXT_DIR[name]}
            maxLength={name.startsWith("bundleName") ? MAX_LENGTH.name : MAX_LENGTH.desc}
          />
        ))}
      </fieldset>
      <p className="text-sm text-base-content/70">{t("pricePreview", { price: formatMoney(preview, currency) })}</p>
    </FormDialog>
  );
}
