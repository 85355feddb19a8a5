import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useAppSettings } from "../../../providers/settings";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { useForm } from "../../../lib/form";
import { AuthFrame } from "../components/AuthFrame";
import { EMPTY_REGISTRATION, registrationFields, TermsField, useRegister, type RegisterValues } from "./RegisterPage";

/** The fields each step asks for; a step can be left only when its fields are valid. */
const STEPS: { key: "stepAccount" | "stepPersonal" | "stepReview"; fields: (keyof RegisterValues)[] }[] = [
  { key: "stepAccount", fields: ["userEmail", "password", "confirm"] },
  { key: "stepPersonal", fields: ["userName", "userPhone"] },
  { key: "stepReview", fields: ["acceptTerms"] },
];

const REVIEWED = ["userEmail", "password", "userName", "userPhone"] as const;

export default function RegisterMultiStepsPage() {
  const { t } = useTranslation("auth");
  const { termsUrl } = useAppSettings();
  const form = useForm<RegisterValues>(EMPTY_REGISTRATION, registrationFields(t, termsUrl));
  const { send, humanCheck } = useRegister();
  const [step, setStep] = useState(0);
  const current = STEPS[step]!;
  const stepValid = current.fields.every((field) => form.passes(field));

  const next = () => {
    current.fields.forEach((field) => form.touch(field));
    if (stepValid) setStep((s) => s + 1);
  };

  return (
    <AuthFrame title={t("registerTitle")} subtitle={t("multiStepPrompt")}>
      <ul className="steps w-full">
        {STEPS.map((s, index) => (
          <li
            key={s.key}
            className={`step ${index <= step ? "step-primary" : ""}`}
            aria-current={index === step ? "step" : undefined}
          >
            {t(s.key)}
          </li>
        ))}
      </ul>
      <form
        className="flex flex-col gap-4"
        method="post"
        noValidate
        onSubmit={(event) => {
          if (step < STEPS.length - 1) {
            event.preventDefault();
            next();
            return;
          }
          void form.submit(send)(event);
        }}
      >
        <FormError text={form.formError} />
        {/* A server error about a field of an earlier step (say, a taken email) shows on the review step. */}
        {step === 2 && <FormError text={REVIEWED.map((field) => form.errorOf(field)).find(Boolean) ?? null} />}
        {step === 0 && (
          <>
            <TextField form={form} name="userEmail" type="email" autoComplete="email" autoFocus />
            <TextField form={form} name="password" type="password" autoComplete="new-password" hint={t("passwordHint")} />
            <TextField form={form} name="confirm" type="password" autoComplete="new-password" />
          </>
        )}
        {step === 1 && (
          <>
            <TextField form={form} name="userName" autoComplete="name" autoFocus />
            <TextField form={form} name="userPhone" type="tel" autoComplete="tel" />
          </>
        )}
        {step === 2 && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-box bg-base-200 p-4 text-sm">
            <dt className="font-medium">{t("email")}</dt>
            <dd className="break-all">{form.values.userEmail}</dd>
            <dt className="font-medium">{t("fullName")}</dt>
            <dd>{form.values.userName}</dd>
            <dt className="font-medium">{t("phone")}</dt>
            <dd>{form.values.userPhone || "—"}</dd>
          </dl>
        )}
        {step === 2 && <TermsField form={form} termsUrl={termsUrl} />}
        {step === 2 && humanCheck}
        <div className="flex justify-between gap-2">
          <button type="button" className="btn" disabled={step === 0 || form.sending} onClick={() => setStep((s) => s - 1)}>
            {t("previous")}
          </button>
          <SubmitButton sending={form.sending}>{step < STEPS.length - 1 ? t("next") : t("signUp")}</SubmitButton>
        </div>
        <p className="text-center text-sm">
          {t("haveAccount")}{" "}
          <Link href="/login" className="link link-primary">
            {t("signInInstead")}
          </Link>
        </p>
      </form>
    </AuthFrame>
  );
}
