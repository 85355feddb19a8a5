import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { ARTICLE_SLUGS, type ArticleSlug } from "./articles";

export const HELP_CATEGORIES = ["buying", "using", "billing", "account"] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** Each article's category and icon (the route table needs only the slugs, ./articles.ts). */
const ARTICLE_PLACES: Record<ArticleSlug, { category: HelpCategory; icon: string }> = {
  "how-to-buy-points": { category: "buying", icon: "coins" },
  "paying-by-bank-transfer": { category: "buying", icon: "upload" },
  "how-coupons-work": { category: "buying", icon: "ticket" },
  "how-to-use-a-site": { category: "using", icon: "world" },
  "what-similarity-means": { category: "using", icon: "chart" },
  "downloads-and-subscriptions": { category: "using", icon: "download" },
  "invoices-and-receipts": { category: "billing", icon: "invoice" },
  "account-security-and-two-factor": { category: "account", icon: "shield" },
};

/** The articles in reading order. */
const ARTICLES = ARTICLE_SLUGS.map((slug) => ({ slug, ...ARTICLE_PLACES[slug] }));

export interface HelpArticle {
  slug: string;
  /** Its course's slug: a seed category, or a course staff made. */
  category: string;
  icon: string;
  title: string;
  summary: string;
  body: string[];
}

interface ArticleText {
  title?: string;
  summary?: string;
  body?: unknown;
}

/** Every article in the current language. */
export function useHelpArticles(): HelpArticle[] {
  const { t, i18n } = useTranslation("front");
  const lng = i18n.language;
  return useMemo(
    () =>
      ARTICLES.map((article) => {
        const text = t(`help.articles.${article.slug}`, { returnObjects: true, lng }) as ArticleText;
        return {
          ...article,
          title: text.title ?? article.slug,
          summary: text.summary ?? "",
          body: Array.isArray(text.body) ? text.body.map(String) : [],
        };
      }),
    [t, lng],
  );
}

/** Lower case without accents or Arabic vowel marks, so "securite" finds "Sécurité". */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Whether every word of the query occurs in the article's title, summary or body. */
export function articleMatches(article: HelpArticle, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold([article.title, article.summary, ...article.body].join(" "));
  return words.every((word) => haystack.includes(word));
}

export interface FaqEntry {
  q: string;
  a: string;
}

/** The questions and answers in the current language. */
export function useFaq(): FaqEntry[] {
  const { t } = useTranslation("front");
  const items = t("faq.items", { returnObjects: true });
  return Array.isArray(items) ? (items as FaqEntry[]) : [];
}
