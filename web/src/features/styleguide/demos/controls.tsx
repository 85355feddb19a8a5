import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, SelectField, TextAreaField, ToggleField } from "../../../components/FormControls";
import { TextField } from "../../../components/FormField";
import { rules } from "../../../lib/form";
import { useDemoForm } from "./formSupport";
import { Sample, Samples } from "./Sample";

const RichTextEditor = lazy(() => import("../../../components/RichTextEditor"));

/** Text inputs: plain with a hint, email in error, password with show/hide, disabled. */
export function TextFieldDemo() {
  const { t } = useTranslation("styleguide");
  const specs = {
    name: { label: t("field.name") },
    email: { label: t("field.email"), check: rules.email },
    password: { label: t("field.password"), check: rules.password },
  };
  const form = useDemoForm({ name: "Ada Lovelace", email: "", password: "secret" }, specs);
  const invalid = useDemoForm({ name: "", email: "ada@", password: "short" }, specs, true);
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <TextField form={form} name="name" hint={t("demo.nameHint")} />
        <TextField form={form} name="password" type="password" />
      </Sample>
      <Sample label={t("state.invalid")}>
        <TextField form={invalid} name="email" type="email" dir="ltr" />
        <TextField form={invalid} name="password" type="password" />
      </Sample>
      <Sample label={t("state.disabled")}>
        <TextField form={form} name="name" disabled />
      </Sample>
      <Sample label={t("state.readOnly")}>
        <TextField form={form} name="name" readOnly />
      </Sample>
    </Samples>
  );
}

/** The multi-line text field. */
export function TextareaDemo() {
  const { t } = useTranslation("styleguide");
  const specs = { message: { label: t("field.message"), check: rules.required } };
  const form = useDemoForm({ message: t("demo.messageText") }, specs);
  const invalid = useDemoForm({ message: "" }, specs, true);
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <TextAreaField form={form} name="message" rows={4} hint={t("demo.messageHint")} />
      </Sample>
      <Sample label={t("state.invalid")}>
        <TextAreaField form={invalid} name="message" rows={4} />
      </Sample>
      <Sample label={t("state.disabled")}>
        <TextAreaField form={form} name="message" rows={2} disabled />
      </Sample>
    </Samples>
  );
}

/** The drop-down of `<option>` children. */
export function SelectDemo() {
  const { t } = useTranslation("styleguide");
  const specs = { plan: { label: t("field.plan"), check: rules.required } };
  const form = useDemoForm({ plan: "team" }, specs);
  const invalid = useDemoForm({ plan: "" }, specs, true);
  const options = (
    <>
      <option value="">{t("demo.choose")}</option>
      {["starter", "team", "campus"].map((plan) => (
        <option key={plan} value={plan}>
          {t(`plan.${plan}`)}
        </option>
      ))}
    </>
  );
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <SelectField form={form} name="plan">
          {options}
        </SelectField>
      </Sample>
      <Sample label={t("state.invalid")}>
        <SelectField form={invalid} name="plan">
          {options}
        </SelectField>
      </Sample>
      <Sample label={t("state.disabled")}>
        <SelectField form={form} name="plan" disabled>
          {options}
        </SelectField>
      </Sample>
    </Samples>
  );
}

/** Checkboxes: a consent with its label (a node, here with a link), ticked, and refused while unticked. */
export function CheckboxDemo() {
  const { t } = useTranslation("styleguide");
  const specs = { terms: { label: t("field.terms"), check: (value: boolean) => (value ? undefined : "validation.required") } };
  const ticked = useDemoForm({ terms: true }, specs);
  const invalid = useDemoForm({ terms: false }, specs, true);
  const label = (
    <>
      {t("demo.acceptTerms")}{" "}
      <a href="#terms" className="link link-primary">
        {t("demo.terms")}
      </a>
    </>
  );
  return (
    <Samples>
      <Sample label={t("state.checked")}>
        <CheckboxField form={ticked} name="terms" label={label} />
      </Sample>
      <Sample label={t("state.invalid")}>
        <CheckboxField form={invalid} name="terms" label={label} />
      </Sample>
    </Samples>
  );
}

/** The on/off switch. */
export function SwitchDemo() {
  const { t } = useTranslation("styleguide");
  const specs = { active: { label: t("field.active") }, reminders: { label: t("field.reminders") } };
  const form = useDemoForm({ active: true, reminders: false }, specs);
  return (
    <Samples>
      <Sample label={t("state.on")}>
        <ToggleField form={form} name="active" />
      </Sample>
      <Sample label={t("state.off")}>
        <ToggleField form={form} name="reminders" />
      </Sample>
    </Samples>
  );
}

/** Date and time: TextField with the browser's own date and date-time inputs (min and max checked on send). */
export function DateTimeDemo() {
  const { t } = useTranslation("styleguide");
  const specs = { expires: { label: t("field.expires"), check: rules.required }, sendAt: { label: t("field.sendAt") } };
  const form = useDemoForm({ expires: "2026-12-31", sendAt: "2026-12-01T09:00" }, specs);
  const invalid = useDemoForm({ expires: "", sendAt: "" }, specs, true);
  return (
    <Samples>
      <Sample label={t("state.default")}>
        <TextField form={form} name="expires" type="date" min="2026-01-01" />
        <TextField form={form} name="sendAt" type="datetime-local" />
      </Sample>
      <Sample label={t("state.invalid")}>
        <TextField form={invalid} name="expires" type="date" />
      </Sample>
      <Sample label={t("state.disabled")}>
        <TextField form={form} name="expires" type="date" disabled />
      </Sample>
    </Samples>
  );
}

/** Editors: the product writes long text in a text area (its rich-text editor is not part of the kit yet). */
export function EditorsDemo() {
  const { t } = useTranslation("styleguide");
  const specs = { body: { label: t("field.body"), check: rules.required } };
  const form = useDemoForm({ body: t("demo.messageText") }, specs);
  const [html, setHtml] = useState(`<p>${t("demo.messageText")}</p>`);
  return (
    <Samples>
      <Sample label={t("state.default")} wide>
        <TextAreaField form={form} name="body" rows={8} className="font-mono text-sm" hint={t("demo.editorHint")} />
      </Sample>
      <Sample label={t("field.body")} wide>
        <Suspense fallback={<span className="loading loading-spinner" aria-hidden="true" />}>
          <RichTextEditor value={html} onChange={setHtml} label={t("field.body")} />
        </Suspense>
      </Sample>
    </Samples>
  );
}
