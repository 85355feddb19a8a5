import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { TextField } from "../../../components/FormField";
import { formatCount, formatDate, formatNumber } from "../../../lib/format";
import { useForm } from "../../../lib/form";
import { generateCoupons } from "../api";
import { Wizard, type WizardStep } from "../components/Wizard";
import { codesCsv, saveCsv, todayUtc, wholeNumber } from "../lib";

interface DealValues {
  couponQuota: string;
  couponExpired: string;
  couponCount: string;
  couponPrefix: string;
}

const EMPTY: DealValues = { couponQuota: "", couponExpired: "", couponCount: "10", couponPrefix: "" };

/** What generate-coupons drew, with the campaign it was drawn for. */
interface Drawn {
  codes: string[];
  points: number;
  expires: string;
}

/**
 * A coupon campaign as a wizard (issue 43): its value (points, last day) → its codes (how many, a prefix) →
 * review. Finish draws them in one generate-coupons call; the codes then download as CSV.
 */
export default function CreateDealWizardPage() {
  const { t } = useTranslation("wizards");
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const form = useForm<DealValues>(EMPTY, {
    couponQuota: { label: t("deal.couponQuota"), check: wholeNumber(1, 1_000_000) },
    couponExpired: {
      label: t("deal.couponExpired"),
      check: (value) => (value === "" ? "validation.required" : value < todayUtc() ? "wizards:deal.expiredInPast" : undefined),
    },
    couponCount: { label: t("deal.couponCount"), check: wholeNumber(1, 1000) },
    couponPrefix: {
      label: t("deal.couponPrefix"),
      check: (value) => (/^[A-Za-z0-9-]{0,12}$/.test(value.trim()) ? undefined : "wizards:deal.prefixRule"),
    },
  });
  const v = form.values;

  async function finish(values: DealValues) {
    const points = Number(values.couponQuota);
    const answer = await generateCoupons({
      couponQuota: points,
      couponExpired: values.couponExpired,
      couponCount: Number(values.couponCount),
      couponPrefix: values.couponPrefix.trim(),
    });
    setDrawn({ codes: answer.codes, points, expires: values.couponExpired });
    return answer.message;
  }

  if (drawn) {
    const download = () => saveCsv(codesCsv(drawn.codes, drawn.points, drawn.expires), `coupons-${drawn.expires}.csv`);
    return (
      <section className="card mx-auto w-full max-w-3xl bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="card-title text-2xl">{t("deal.doneTitle")}</h1>
          <p>
            {t("deal.doneText", {
              codes: formatNumber(drawn.codes.length),
              points: formatCount("points", drawn.points),
              date: formatDate(drawn.expires),
            })}
          </p>
          <ul className="grid max-h-64 grid-cols-1 gap-1 overflow-y-auto rounded-box bg-base-200 p-3 font-mono text-sm sm:grid-cols-2">
            {drawn.codes.map((code) => (
              <li key={code} dir="ltr" className="text-start">
                {code}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" onClick={download}>
              {t("deal.download")}
            </button>
            <Link href="/portal/coupon" className="btn">
              {t("deal.openCoupons")}
            </Link>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                form.reset();
                setDrawn(null);
              }}
            >
              {t("deal.another")}
            </button>
          </div>
        </div>
      </section>
    );
  }

  const steps: WizardStep<DealValues>[] = [
    {
      id: "value",
      title: t("deal.stepValue"),
      fields: ["couponQuota", "couponExpired"],
      content: (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="couponQuota" type="number" inputMode="numeric" min={1} hint={t("deal.quotaHint")} />
          <TextField form={form} name="couponExpired" type="date" min={todayUtc()} hint={t("deal.expiredHint")} />
        </div>
      ),
    },
    {
      id: "codes",
      title: t("deal.stepCodes"),
      fields: ["couponCount", "couponPrefix"],
      content: (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="couponCount" type="number" inputMode="numeric" min={1} max={1000} />
          <TextField form={form} name="couponPrefix" maxLength={12} hint={t("deal.prefixHint")} />
        </div>
      ),
    },
    {
      id: "review",
      title: t("deal.stepReview"),
      content: (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-box bg-base-200 p-4 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{form.labelOf("couponQuota")}</dt>
          <dd>{formatCount("points", Number(v.couponQuota))}</dd>
          <dt className="font-medium">{form.labelOf("couponExpired")}</dt>
          <dd>{formatDate(v.couponExpired)}</dd>
          <dt className="font-medium">{form.labelOf("couponCount")}</dt>
          <dd>{formatNumber(Number(v.couponCount))}</dd>
          <dt className="font-medium">{t("deal.reviewPrefix")}</dt>
          <dd dir="ltr" className="text-start">
            {v.couponPrefix.trim().toUpperCase() || t("deal.noPrefix")}
          </dd>
        </dl>
      ),
    },
  ];

  return (
    <section className="card mx-auto w-full max-w-3xl bg-base-100 shadow-sm">
      <div className="card-body">
        <h1 className="card-title text-2xl">{t("deal.title")}</h1>
        <Wizard form={form} steps={steps} label={t("deal.title")} finishLabel={t("deal.finish")} onFinish={finish} />
      </div>
    </section>
  );
}
