import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormError, SubmitButton } from "../../../components/FormField";
import type { FormState } from "../../../lib/form";

/** One step of a wizard: its fields (checked before Next), what it shows, and what else stops it. */
export interface WizardStep<V extends object> {
  id: string;
  title: string;
  fields?: (keyof V & string)[];
  /** A reason the step cannot be left yet that no field carries (say, an empty cart). */
  blocked?: string | null;
  content: ReactNode;
}

interface WizardProps<V extends object> {
  form: FormState<V>;
  steps: WizardStep<V>[];
  /** The wizard's name for assistive technology (the page's heading). */
  label: string;
  finishLabel: string;
  /** Runs once, on the last step: the only place anything is saved (useForm's submit shows what it throws). */
  onFinish: (values: V) => Promise<string | void>;
  /** Something else to show above the buttons, on any step (say, what a failed finish left behind). */
  notice?: ReactNode;
}

/**
 * A step-by-step form over one useForm: a steps header, Back and Next, each step's fields checked before it
 * can be left, and nothing sent until the last step's Finish. Enter moves on as Next does; each new step's
 * heading takes the focus, so keyboard and screen-reader users start at its top. Decision 0021.
 */
export function Wizard<V extends object>({ form, steps, label, finishLabel, onFinish, notice }: WizardProps<V>) {
  const { t } = useTranslation("wizards");
  const [index, setIndex] = useState(0);
  const [blockedShown, setBlockedShown] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const step = steps[index]!;
  const last = index === steps.length - 1;

  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [index]);

  const goTo = (next: number) => {
    moved.current = true;
    setBlockedShown(false);
    setIndex(next);
  };

  const next = (event: FormEvent<HTMLFormElement>) => {
    if (last) {
      void form.submit(onFinish)(event);
      return;
    }
    event.preventDefault();
    const fields = step.fields ?? [];
    fields.forEach((field) => form.touch(field));
    if (step.blocked) {
      setBlockedShown(true);
      return;
    }
    const wrong = fields.find((field) => !form.passes(field));
    if (wrong) {
      const control = event.currentTarget.elements.namedItem(wrong);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    goTo(index + 1);
  };

  // A server error about a field of an earlier step (say, a taken name) points back to that step.
  const stepWithError = last ? steps.findIndex((s) => (s.fields ?? []).some((field) => form.errorOf(field))) : -1;

  return (
    <form className="flex flex-col gap-4" noValidate aria-label={label} onSubmit={next}>
      <ol className="steps w-full max-sm:hidden">
        {steps.map((s, i) => (
          <li key={s.id} className={`step ${i <= index ? "step-primary" : ""}`} aria-current={i === index ? "step" : undefined}>
            {i < index ? (
              <button type="button" className="link link-hover" onClick={() => goTo(i)}>
                {s.title}
              </button>
            ) : (
              s.title
            )}
          </li>
        ))}
      </ol>
      {/* A phone has no room for the steps' names side by side: a bar and "Step 2 of 4" say where one is. */}
      <progress className="progress progress-primary w-full sm:hidden" value={index + 1} max={steps.length} aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        <span className="block text-sm font-normal text-base-content/70">
          {t("stepOf", { step: index + 1, count: steps.length })}
        </span>
        {step.title}
      </h2>
      <div className="flex flex-col gap-4">{step.content}</div>
      {blockedShown && step.blocked && <FormError text={step.blocked} />}
      {last && <FormError text={form.formError} />}
      {stepWithError >= 0 && stepWithError !== index && (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between gap-2">
          <span>{t("fixStep", { step: steps[stepWithError]!.title })}</span>
          <button type="button" className="btn btn-sm" onClick={() => goTo(stepWithError)}>
            {t("editStep", { step: steps[stepWithError]!.title })}
          </button>
        </div>
      )}
      {notice}
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className="btn" disabled={index === 0 || form.sending} onClick={() => goTo(index - 1)}>
          {t("back")}
        </button>
        <SubmitButton sending={form.sending}>{last ? finishLabel : t("next")}</SubmitButton>
      </div>
    </form>
  );
}
