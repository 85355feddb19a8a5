import { PricingContent } from "../components/PricingContent";

/** /pages/pricing: the same catalogue inside the portal's layout (which brings the page's main landmark). */
export default function PortalPricingPage() {
  return <PricingContent helpLink="/front-pages/help-center/article/paying-by-bank-transfer" />;
}
