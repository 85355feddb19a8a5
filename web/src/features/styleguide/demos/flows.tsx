import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, ToggleField } from "../../../components/FormControls";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { Icon } from "../../../components/Icon";
import { ApiError } from "../../../lib/api";
import { rules, useForm } from "../../../lib/form";
import { Sample, Samples } from "./Sample";

interface Billing {
  name: string;
  email: string;
  country: string;
  invoices: boolean;
}

/** The billing details form of the demos: its fields and labels in one place. */
function useBillingForm() {
  const { t } = useTranslation("styleguide");
  return useForm<Billing>(
    { name: "", email: "", country: "FR", invoices: true },
    {
      name: { label: t("field.name"), check: rules.required },
      email: { label: t("field.email"), check: rules.email },
      country: { label: t("field.country") },
      invoices: { label: t("field.invoices") },
    },
  );
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Two layouts of the same fields: stacked (a drawer, a phone), and two columns from sm up. */
export function FormLayoutsDemo() {
  const { t } = useTranslation("styleguide");
  const stacked = useBillingForm();
  const grid = useBillingForm();
  const fields = (form: ReturnType<typeof useBillingForm>) => (
    <>
      <TextField form={form} name="name" autoComplete="name" />
      <TextField form={form} name="email" type="email" dir="ltr" autoComplete="email" />
      <SelectField form={form} name="country">
        <option value="FR">France</option>
        <option value="MA">المغرب</option>
        <option value="GB">United Kingdom</option>
      </SelectField>
      <ToggleField form={form} name="invoices" />
    </>
  );
  const send = async () => {
    await pause(500);
    return t("demo.saved");
  };
  return (
    <Samples>
      <Sample label={t("demo.stacked")}>
        <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void stacked.submit(send)(event)}>
          {fields(stacked)}
          <SubmitButton sending={stacked.sending}>{t("demo.save")}</SubmitButton>
        </form>
      </Sample>
      <Sample label={t("demo.twoColumns")}>
        <form className="grid gap-3 sm:grid-cols-2" noValidate onSubmit={(event) => void grid.submit(send)(event)}>
          {fields(grid)}
          <div className="sm:col-span-2">
            <SubmitButton sending={grid.sending}>{t("demo.save")}</SubmitButton>
          </div>
        </form>
      </Sample>
    </Samples>
  );
}

/**
 * Validation as every form does it: rules on blur and on send, the browser's own checks (type, required),
 * a server refusal on a field, and a form-level error. Type "taken@example.com" for the field refusal and
 * "503" as the name for the form's (digits: the same in every language).
 */
export function FormValidationDemo() {
  const { t } = useTranslation("styleguide");
  const form = useBillingForm();
  const send = async (values: Billing) => {
    await pause(400);
    if (values.email === "taken@example.com") throw new ApiError(409, "conflict", t("demo.emailTaken"), "email");
    if (values.name.trim() === "503") throw new ApiError(503, "unavailable", t("demo.serverDown"));
    return t("demo.saved");
  };
  return (
    <Samples>
      <Sample label={t("demo.tryIt")} wide>
        <p className="text-sm text-base-content/70">{t("demo.validationHelp")}</p>
        <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void form.submit(send)(event)}>
          <FormError text={form.formError} />
          <TextField form={form} name="name" required />
          <TextField form={form} name="email" type="email" dir="ltr" required />
          <SubmitButton sending={form.sending}>{t("demo.save")}</SubmitButton>
        </form>
      </Sample>
    </Samples>
  );
}

const STEPS = [
  { key: "account", icon: "user", fields: ["name", "email"] },
  { key: "billing", icon: "invoice", fields: ["country", "invoices"] },
  { key: "review", icon: "check", fields: [] },
] as const;

/** A wizard: one step's fields at a time, checked before moving on; nothing is sent before the last step. */
function Wizard({ numbered }: { numbered: boolean }) {
  const { t } = useTranslation("styleguide");
  const form = useBillingForm();
  const [step, setStep] = useState(0);
  const [done, setDone] = useState(false);
  const current = STEPS[step]!;
  const next = () => {
    current.fields.forEach((field) => form.touch(field));
    if (current.fields.every((field) => form.passes(field))) setStep(step + 1);
  };
  const send = async () => {
    await pause(500);
    setDone(true);
    return t("demo.saved");
  };
  return (
    <div className="flex flex-col gap-4">
      <ul className="steps w-full">
        {STEPS.map((item, index) => (
          <li
            key={item.key}
            className={`step ${index <= step ? "step-primary" : ""}`}
            data-content={numbered ? String(index + 1) : undefined}
            aria-current={index === step ? "step" : undefined}
          >
            {!numbered && (
              <span className="step-icon">
                <Icon name={item.icon} size={16} />
              </span>
            )}
            {t(`wizard.${item.key}`)}
          </li>
        ))}
      </ul>
      {done ? (
        <p role="status" className="alert alert-soft alert-success">
          {t("demo.wizardDone", { name: form.values.name })}
        </p>
      ) : (
        <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void form.submit(send)(event)}>
          {current.key === "account" && (
            <>
              <TextField form={form} name="name" />
              <TextField form={form} name="email" type="email" dir="ltr" />
            </>
          )}
          {current.key === "billing" && (
            <>
              <SelectField form={form} name="country">
                <option value="FR">France</option>
                <option value="MA">المغرب</option>
              </SelectField>
              <ToggleField form={form} name="invoices" />
            </>
          )}
          {current.key === "review" && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium">{form.labelOf("name")}</dt>
              <dd>{form.values.name}</dd>
              <dt className="font-medium">{form.labelOf("email")}</dt>
              <dd dir="ltr" className="text-start">
                {form.values.email}
              </dd>
            </dl>
          )}
          <div className="flex justify-between gap-2">
            <button type="button" className="btn" disabled={step === 0} onClick={() => setStep(step - 1)}>
              {t("demo.back")}
            </button>
            {step < STEPS.length - 1 ? (
              <button type="button" className="btn btn-primary" onClick={next}>
                {t("demo.next")}
              </button>
            ) : (
              <SubmitButton sending={form.sending}>{t("demo.finish")}</SubmitButton>
            )}
          </div>
        </form>
      )}
    </div>
  );
}

export function WizardIconsDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Sample label={t("demo.wizardIcons")}>
      <Wizard numbered={false} />
    </Sample>
  );
}

export function WizardNumberedDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Sample label={t("demo.wizardNumbered")}>
      <Wizard numbered />
    </Sample>
  );
}
