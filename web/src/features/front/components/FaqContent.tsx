import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Empty } from "../../../components/PageStates";
import { useFaq } from "../lib/help";
import { FaqList } from "./FaqList";

/** Every question with its answer, then where to look further: the public FAQ's and the portal's. */
export function FaqContent({ pricingLink }: { pricingLink: string }) {
  const { t } = useTranslation("front");
  const entries = useFaq();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <header className="text-center">
        <h1 className="text-3xl font-bold">{t("faq.title")}</h1>
        <p className="mt-2 text-base-content/70">{t("faq.intro")}</p>
      </header>
      {entries.length > 0 ? <FaqList entries={entries} name="faq" /> : <Empty />}
      <section aria-labelledby="faq-more" className="card bg-base-100 shadow-sm">
        <div className="card-body items-center text-center">
          <h2 id="faq-more" className="card-title">
            {t("faq.moreTitle")}
          </h2>
          <p className="text-base-content/70">{t("faq.moreText")}</p>
          <div className="card-actions">
            <Link href="/front-pages/help-center" className="btn btn-primary">
              {t("nav.helpCenter")}
            </Link>
            <Link href={pricingLink} className="btn btn-ghost">
              {t("nav.pricing")}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
