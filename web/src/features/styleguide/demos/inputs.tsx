import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FilePicker } from "../../../components/FilePicker";
import { FileField } from "../../../components/FormControls";
import { Field, GroupError, useKeptBeforeHydration } from "../../../components/FormField";
import { ImageField, IMAGE_TYPES } from "../../../components/ImageField";
import { ListToolbar, useActiveOptions } from "../../../components/ListToolbar";
import type { FormState } from "../../../lib/form";
import { useDemoForm } from "./formSupport";
import { Sample, Samples } from "./Sample";

const PLANS = ["starter", "team", "campus"] as const;

/** Radio buttons in a Field's group: the value is text, the group error under it. */
function PlanRadios({ form, disabled = false }: { form: FormState<{ plan: string }>; disabled?: boolean }) {
  const { t } = useTranslation("styleguide");
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="text-sm font-medium">{form.labelOf("plan")}</legend>
      {PLANS.map((plan) => (
        <label key={plan} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="plan"
            value={plan}
            className={`radio radio-sm ${form.errorOf("plan") ? "radio-error" : "radio-primary"}`}
            checked={form.values.plan === plan}
            onChange={() => form.set("plan", plan)}
          />
          {t(`plan.${plan}`)}
        </label>
      ))}
      <GroupError form={form} name="plan" />
    </fieldset>
  );
}

export function RadioDemo() {
  const { t } = useTranslation("styleguide");
  const specs = { plan: { label: t("field.plan"), check: (value: string) => (value ? undefined : "validation.required") } };
  const form = useDemoForm({ plan: "team" }, specs);
  const invalid = useDemoForm({ plan: "" }, specs, true);
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <PlanRadios form={form} />
      </Sample>
      <Sample label={t("state.invalid")}>
        <PlanRadios form={invalid} />
      </Sample>
      <Sample label={t("state.disabled")}>
        <PlanRadios form={form} disabled />
      </Sample>
    </Samples>
  );
}

/** A daisyUI range as a Field's control: the label, the value beside it, min and max. */
function RangeInput({
  form,
  name,
  disabled,
}: {
  form: FormState<{ points: string; from: string; to: string }>;
  name: "points" | "from" | "to";
  disabled?: boolean;
}) {
  return (
    <Field
      form={form}
      name={name}
      control={(props) => (
        <div className="flex items-center gap-3">
          <input
            {...props}
            type="range"
            min={0}
            max={500}
            step={50}
            disabled={disabled}
            className="range range-primary range-sm flex-1"
            value={form.values[name]}
            onChange={(event) => form.set(name, event.target.value)}
          />
          <output className="w-12 text-end tabular-nums">{form.values[name]}</output>
        </div>
      )}
    />
  );
}

export function SliderDemo() {
  const { t } = useTranslation("styleguide");
  const form = useDemoForm({ points: "150", from: "0", to: "0" }, { points: { label: t("field.points") } });
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <RangeInput form={form} name="points" />
      </Sample>
      <Sample label={t("state.disabled")}>
        <RangeInput form={form} name="points" disabled />
      </Sample>
    </Samples>
  );
}

export function RangeSliderDemo() {
  const { t } = useTranslation("styleguide");
  const form = useDemoForm(
    { points: "0", from: "100", to: "350" },
    {
      from: { label: t("field.from") },
      to: {
        label: t("field.to"),
        check: (value, values) => (Number(value) < Number(values.from) ? "validation.invalid" : undefined),
      },
    },
  );
  return (
    <Samples>
      <Sample label={Number(form.values.to) < Number(form.values.from) ? t("state.invalid") : t("state.default")} wide>
        <RangeInput form={form} name="from" />
        <RangeInput form={form} name="to" />
      </Sample>
    </Samples>
  );
}

/** A rating as daisyUI's star radios: a review of an item, one to five. */
function Stars({
  value,
  onChange,
  label,
  disabled = false,
}: {
  value: number;
  onChange: (value: number) => void;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation("styleguide");
  return (
    <div className="rating" role="radiogroup" aria-label={label}>
      {[1, 2, 3, 4, 5].map((star) => (
        <input
          key={star}
          type="radio"
          name={`${label}-${disabled}`}
          className="mask mask-star-2 bg-warning"
          aria-label={t("demo.stars", { value: star })}
          checked={value === star}
          disabled={disabled}
          onChange={() => onChange(star)}
        />
      ))}
    </div>
  );
}

export function RatingDemo() {
  const { t } = useTranslation("styleguide");
  const [rating, setRating] = useState(4);
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <Stars value={rating} onChange={setRating} label={t("field.rating")} />
      </Sample>
      <Sample label={t("state.disabled")}>
        <Stars value={3} onChange={() => undefined} label={t("field.ratingShown")} disabled />
      </Sample>
    </Samples>
  );
}

/** Files: FileField bound to a form, the bare FilePicker, and ImageField with its preview. */
export function FileInputDemo() {
  const { t } = useTranslation("styleguide");
  const specs = {
    report: { label: t("field.report"), check: (value: File | null) => (value ? undefined : "validation.required") },
    logo: { label: t("field.logo") },
  };
  const form = useDemoForm<{ report: File | null; logo: File | null }>({ report: null, logo: null }, specs);
  const invalid = useDemoForm<{ report: File | null; logo: File | null }>({ report: null, logo: null }, specs, true);
  const [file, setFile] = useState<File | null>(null);
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <FileField form={form} name="report" accept=".pdf,.docx" hint={t("demo.reportHint")} />
      </Sample>
      <Sample label={t("state.invalid")}>
        <FileField form={invalid} name="report" />
      </Sample>
      <Sample label={t("demo.imageField")}>
        <ImageField form={form} name="logo" hint={t("demo.logoHint")} previewAlt={t("demo.logoPreview")} current={null} />
      </Sample>
      <Sample label={t("demo.barePicker")}>
        <FilePicker
          id="styleguide-bare-picker"
          aria-label={t("field.report")}
          accept={IMAGE_TYPES}
          file={file}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </Sample>
    </Samples>
  );
}

/** A custom control in Field's frame (label, hint, error), keeping what was typed before hydration. */
function CouponInput({ form }: { form: FormState<{ code: string }> }) {
  const keepTyped = useKeptBeforeHydration(form, "code");
  return (
    <Field
      form={form}
      name="code"
      hint="EDGE-XXXX"
      control={(props, invalid) => (
        <label className={`input w-full font-mono ${invalid ? "input-error" : ""}`} dir="ltr">
          <span className="text-base-content/70">EDGE-</span>
          <input
            {...props}
            ref={keepTyped}
            className="grow uppercase"
            maxLength={4}
            value={form.values.code}
            onChange={(event) => form.set("code", event.target.value.toUpperCase())}
            onBlur={() => form.touch("code")}
          />
        </label>
      )}
    />
  );
}

export function CustomInputDemo() {
  const { t } = useTranslation("styleguide");
  const specs = {
    code: {
      label: t("field.coupon"),
      check: (value: string) => (/^[A-Z0-9]{4}$/.test(value) ? undefined : "validation.invalid"),
    },
  };
  const form = useDemoForm({ code: "X7Q2" }, specs);
  const invalid = useDemoForm({ code: "X7" }, specs, true);
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <CouponInput form={form} />
      </Sample>
      <Sample label={t("state.invalid")}>
        <CouponInput form={invalid} />
      </Sample>
    </Samples>
  );
}

/** The list toolbar's search box: the search applies a moment after typing stops. */
export function AutocompleteDemo() {
  const { t } = useTranslation("styleguide");
  const [applied, setApplied] = useState("");
  return (
    <Samples>
      <Sample label={t("state.default")} wide>
        <ListToolbar layout="plain" search={{ value: applied, onSearch: setApplied, placeholder: t("demo.searchProducts") }} />
        <p className="text-sm text-base-content/70" aria-live="polite">
          {t("demo.applied", { value: applied || "—" })}
        </p>
      </Sample>
    </Samples>
  );
}

/** The toolbar's filters: selects with an "any" first choice, and the common status choices. */
export function ComboboxDemo() {
  const { t } = useTranslation("styleguide");
  const statuses = useActiveOptions();
  const [status, setStatus] = useState("");
  const [plan, setPlan] = useState("team");
  const plans = PLANS.map((value) => ({ value, label: t(`plan.${value}`) }));
  return (
    <Samples>
      <Sample label={t("state.default")} wide>
        <ListToolbar
          layout="plain"
          filters={[
            { label: t("field.status"), value: status, onChange: setStatus, options: statuses, anyLabel: t("demo.anyStatus") },
            { label: t("field.plan"), value: plan, onChange: setPlan, options: plans },
          ]}
        />
      </Sample>
      <Sample label={t("state.disabled")} wide>
        <ListToolbar
          layout="plain"
          filters={[
            {
              label: t("field.status"),
              value: "",
              onChange: () => undefined,
              options: statuses,
              anyLabel: t("demo.anyStatus"),
              disabled: true,
            },
          ]}
        />
      </Sample>
    </Samples>
  );
}
