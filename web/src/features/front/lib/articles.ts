/* The help center's articles, light enough for the route table (index.ts prerenders each one). */

export const HELP_CATEGORIES = ["buying", "using", "billing", "account"] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** The articles in reading order; their texts live in the locale files under help.articles.<slug>. */
export const ARTICLES: { slug: string; category: HelpCategory; icon: string }[] = [
  { slug: "how-to-buy-points", category: "buying", icon: "coins" },
  { slug: "paying-by-bank-transfer", category: "buying", icon: "upload" },
  { slug: "how-coupons-work", category: "buying", icon: "ticket" },
  { slug: "how-to-use-a-site", category: "using", icon: "world" },
  { slug: "what-similarity-means", category: "using", icon: "chart" },
  { slug: "downloads-and-subscriptions", category: "using", icon: "download" },
  { slug: "invoices-and-receipts", category: "billing", icon: "invoice" },
  { slug: "account-security-and-two-factor", category: "account", icon: "shield" },
];
