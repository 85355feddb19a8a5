import type { ComponentType } from "react";
import { useLocation } from "wouter";
import CheckoutWizardPage from "./CheckoutWizardPage";
import CreateDealWizardPage from "./CreateDealWizardPage";
import PropertyListingWizardPage from "./PropertyListingWizardPage";

const PAGES: Record<string, ComponentType> = {
  checkout: CheckoutWizardPage,
  "create-deal": CreateDealWizardPage,
  "property-listing": PropertyListingWizardPage,
};

/** The wizard of the address (the route table has one entry per wizard, all opening this module). */
export default function WizardPage() {
  const [location] = useLocation();
  const Page = PAGES[location.split("/")[2] ?? ""] ?? CheckoutWizardPage;
  return <Page />;
}
