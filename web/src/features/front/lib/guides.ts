import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import {
  helpArticle,
  helpArticleKey,
  helpList,
  helpListKey,
  type HelpArticleAnswer,
  type HelpLanguage,
  type HelpListAnswer,
} from "../api";
import { HELP_CATEGORIES, useHelpArticles, type HelpArticle } from "./help";

/**
 * The help center on the Worker's articles (decision 0023). The build prerenders the seed (the locale texts the
 * migration seeded the articles from); the page then revalidates through SWR, so what staff wrote or translated
 * since replaces it, and an article the build never saw still opens.
 */

const LANGUAGES: readonly HelpLanguage[] = ["en", "fr", "ar"];

/** The reader's language as the article calls take it. */
export function useHelpLanguage(): HelpLanguage {
  const { i18n } = useTranslation();
  return LANGUAGES.find((l) => l === i18n.language) ?? "en";
}

export interface HelpCourse {
  slug: string;
  title: string;
}

/** The seed as the list call answers it: what the prerendered page shows until the Worker answers. */
function seedList(articles: HelpArticle[], courseTitle: (slug: string) => string, language: HelpLanguage): HelpListAnswer {
  return {
    data: articles.map((a, index) => ({
      articleId: 0,
      slug: a.slug,
      course: a.category,
      courseTitle: courseTitle(a.category),
      position: index,
      published: true,
      icon: a.icon,
      language,
      title: a.title,
      summary: a.summary,
      read: false,
      updatedAt: "",
    })),
    courses: HELP_CATEGORIES.map((slug, position) => ({ slug, title: courseTitle(slug), position, articles: 0, read: 0 })),
    total: articles.length,
    page: 1,
    limit: 100,
  };
}

function useSeedList(): HelpListAnswer {
  const { t } = useTranslation("front");
  const seed = useHelpArticles();
  const language = useHelpLanguage();
  return useMemo(() => seedList(seed, (slug) => t(`help.categories.${slug}`), language), [seed, t, language]);
}

const toHelpArticle = (row: HelpListAnswer["data"][number]): HelpArticle => ({
  slug: row.slug,
  category: row.course,
  icon: row.icon,
  title: row.title,
  summary: row.summary,
  body: [],
});

/** Every published article and the courses, the seed until the Worker answers. */
export function useGuideList(): { articles: HelpArticle[]; courses: HelpCourse[] } {
  const language = useHelpLanguage();
  const seed = useSeedList();
  const { data } = useSWR(helpListKey(language, ""), () => helpList(language, ""), { fallbackData: seed });
  return useMemo(
    () => ({ articles: data.data.map(toHelpArticle), courses: data.courses.map(({ slug, title }) => ({ slug, title })) }),
    [data],
  );
}

/** What the Worker finds for a search (after a pause in typing); null while none is asked. Asking records a miss for staff. */
export function useGuideSearch(query: string): HelpArticle[] | null {
  const language = useHelpLanguage();
  const [asked, setAsked] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setAsked(query.trim()), 400);
    return () => clearTimeout(timer);
  }, [query]);
  const { data } = useSWR(asked ? helpListKey(language, asked) : null, () => helpList(language, asked));
  return asked && data ? data.data.map(toHelpArticle) : null;
}

/** One article in the reader's language: the seed's text until the Worker answers; `missing` once it says 404. */
export function useGuideArticle(slug: string): {
  article: HelpArticleAnswer | null;
  missing: boolean;
  failed: boolean;
  retry: () => void;
} {
  const language = useHelpLanguage();
  const seed = useHelpArticles().find((a) => a.slug === slug);
  const { t } = useTranslation("front");
  const fallbackData = useMemo(
    () =>
      seed && {
        ...seedList([seed], (c) => t(`help.categories.${c}`), language).data[0]!,
        body: seed.body.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(""),
      },
    [seed, t, language],
  );
  const { data, error, mutate } = useSWR(helpArticleKey(language, slug), () => helpArticle(language, slug), { fallbackData });
  const missing = (error as { status?: number } | undefined)?.status === 404;
  const failed = Boolean(error) && !missing && !data;
  return { article: missing ? null : (data ?? null), missing, failed, retry: () => void mutate() };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
