import { MarketingLayout } from "../components/MarketingLayout";
import { PricingContent } from "../components/PricingContent";

export default function FrontPricingPage() {
  return (
    <MarketingLayout>
      <div className="px-4 py-12 md:py-16">
        <PricingContent helpLink="/front-pages/help-center/article/paying-by-bank-transfer" />
      </div>
    </MarketingLayout>
  );
}
