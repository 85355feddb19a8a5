import { FaqContent } from "../components/FaqContent";
import { MarketingLayout } from "../components/MarketingLayout";

/** /front-pages/faq: the questions for visitors, found by search engines (prerendered). */
export default function FrontFaqPage() {
  return (
    <MarketingLayout>
      <div className="px-4 py-12 md:py-16">
        <FaqContent pricingLink="/front-pages/pricing" />
      </div>
    </MarketingLayout>
  );
}
