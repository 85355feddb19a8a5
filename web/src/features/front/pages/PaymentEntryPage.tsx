import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { SubmitButton, TextField } from "../../../components/FormField";
import { Icon } from "../../../components/Icon";
import { rules, useForm } from "../../../lib/form";
import { MarketingLayout } from "../components/MarketingLayout";
import { referenceFrom } from "../lib/reference";

const STEPS = ["order", "transfer", "proof", "confirmed"] as const;

/** /front-pages/payment: how paying by bank transfer works, and a way back to one's payment page. */
export default function PaymentEntryPage() {
  const { t } = useTranslation("front");
  const [, navigate] = useLocation();
  const form = useForm<{ reference: string }>(
    { reference: "" },
    {
      reference: {
        label: t("payment.referenceLabel"),
        check: (value) => rules.required(value) ?? (referenceFrom(value) ? undefined : "front:payment.invalidReference"),
      },
    },
  );
  const open = form.submit(async ({ reference }) => navigate(`/payment/${encodeURIComponent(referenceFrom(reference)!)}`));

  return (
    <MarketingLayout>
      <div className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-12">
        <header className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-bold md:text-4xl">{t("payment.title")}</h1>
          <p className="mt-3 text-lg text-base-content/70">{t("payment.intro")}</p>
        </header>

        <section aria-labelledby="payment-steps">
          <h2 id="payment-steps" className="mb-6 text-2xl font-bold">
            {t("payment.stepsTitle")}
          </h2>
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step} className="card border border-base-300 bg-base-100">
                <div className="card-body gap-2">
                  <span className="badge badge-primary">{index + 1}</span>
                  <h3 className="font-semibold">{t(`payment.steps.${step}.title`)}</h3>
                  <p className="text-sm text-base-content/70">{t(`payment.steps.${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="payment-open" className="card mx-auto w-full max-w-xl bg-base-200">
          <form className="card-body gap-4" onSubmit={open} noValidate>
            <h2 id="payment-open" className="card-title">
              {t("payment.openTitle")}
            </h2>
            <p className="text-sm text-base-content/70">{t("payment.openText")}</p>
            <TextField
              form={form}
              name="reference"
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              placeholder={t("payment.referencePlaceholder")}
            />
            <SubmitButton sending={form.sending}>
              {t("payment.open")}
              <Icon name="chevron-right" size={16} />
            </SubmitButton>
          </form>
        </section>

        <p className="text-center text-sm text-base-content/70">
          {t("payment.helpText")}{" "}
          <Link href="/front-pages/help-center/article/paying-by-bank-transfer" className="link font-semibold">
            {t("payment.helpLink")}
          </Link>
        </p>
      </div>
    </MarketingLayout>
  );
}
