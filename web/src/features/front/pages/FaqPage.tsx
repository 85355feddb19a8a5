import { FaqContent } from "../components/FaqContent";

/** /pages/faq inside the portal: every question with its answer. */
export default function FaqPage() {
  return <FaqContent pricingLink="/pages/pricing" />;
}
