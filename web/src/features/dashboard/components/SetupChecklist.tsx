import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Icon } from "../../../components/Icon";
import type { BusinessStats } from "../api";

/** A new installation has no payments yet: what the admin should set up first, in order. */
export function SetupChecklist({ setup }: { setup: BusinessStats["setup"] }) {
  const { t } = useTranslation("dashboard");
  const steps = [
    { key: "sites", to: "/portal/site", done: setup.sites > 0 },
    { key: "vendors", to: "/portal/vendor", done: setup.activeVendors > 0 },
    { key: "bundles", to: "/portal/bundle", done: setup.bundles > 0 },
    { key: "items", to: "/portal/itemSetting", done: setup.items > 0 },
    { key: "coupons", to: "/portal/coupon", done: false },
  ];
  return (
    <section className="card border border-primary/30 bg-base-100 shadow-sm" aria-labelledby="setup-title">
      <div className="card-body gap-3">
        <h2 id="setup-title" className="card-title">
          {t("setup.title")}
        </h2>
        <p className="text-base-content/70">{t("setup.intro")}</p>
        <ol className="grid gap-2">
          {steps.map((step, i) => (
            <li key={step.key} className="flex flex-wrap items-center gap-3">
              <span
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm ${
                  step.done ? "bg-success text-success-content" : "bg-base-200"
                }`}
                aria-hidden="true"
              >
                {step.done ? <Icon name="check" size={16} /> : i + 1}
              </span>
              <span className="flex-1">
                {t(`setup.${step.key}`)}
                {step.done && <span className="sr-only"> — {t("setup.done")}</span>}
              </span>
              <Link href={step.to} className="btn btn-sm">
                {t(`setup.${step.key}Action`)}
              </Link>
            </li>
          ))}
        </ol>
        <p className="text-sm text-base-content/70">{t("setup.after")}</p>
      </div>
    </section>
  );
}
