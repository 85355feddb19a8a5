/* The help center's articles by slug, light enough for the route table (index.ts prerenders each one). */

/** The articles in reading order; their texts live in the locale files under help.articles.<slug>. */
export const ARTICLE_SLUGS = [
  "how-to-buy-points",
  "paying-by-bank-transfer",
  "how-coupons-work",
  "how-to-use-a-site",
  "what-similarity-means",
  "downloads-and-subscriptions",
  "invoices-and-receipts",
  "account-security-and-two-factor",
] as const;

export type ArticleSlug = (typeof ARTICLE_SLUGS)[number];
