import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useLocation, useSearchParams } from "wouter";
import { useConfirm } from "../../../components/ConfirmDialog";
import { SelectField, ToggleField } from "../../../components/FormControls";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { PageHeader } from "../../../components/PageHeader";
import { ErrorState, Loading } from "../../../components/PageStates";
import { ApiError } from "../../../lib/api";
import { rules, useForm } from "../../../lib/form";
import { useSnackbar } from "../../../lib/snackbar";
import {
  articleKey,
  deleteArticle,
  fetchArticle,
  fetchGuides,
  guidesKey,
  LANGUAGES,
  saveArticle,
  type Article,
  type Course,
  type Language,
} from "../api";

// TipTap loads with this page only, never in a first load.
const RichTextEditor = lazy(() => import("../../../components/RichTextEditor"));

interface ArticleForm {
  slug: string;
  course: string;
  position: string;
  published: boolean;
  titleEn: string;
  titleFr: string;
  titleAr: string;
  summaryEn: string;
  summaryFr: string;
  summaryAr: string;
}

type Bodies = Record<Language, string>;
const SUFFIX = { en: "En", fr: "Fr", ar: "Ar" } as const;

/** /apps/academy/article-editor[?slug=…] (staff): an article's address, course, order, publication and its texts per language. */
export default function ArticleEditorPage() {
  const { t } = useTranslation("academy");
  const [params] = useSearchParams();
  const slug = params.get("slug") ?? "";
  const guides = useSWR(guidesKey(), () => fetchGuides());
  const article = useSWR(slug ? articleKey(slug) : null, () => fetchArticle(slug));
  const failed = guides.error ?? article.error;
  const courses = guides.data?.courses;
  const ready = courses !== undefined && (!slug || article.data);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={slug ? t("editorTitle") : t("newArticle")} subtitle={t("editorSubtitle")}>
        <Link href="/dashboards/academy" className="btn btn-sm btn-ghost">
          {t("statsTitle")}
        </Link>
      </PageHeader>
      {failed ? (
        <ErrorState onRetry={() => void Promise.all([guides.mutate(), article.mutate()])} />
      ) : !ready || !courses ? (
        <Loading />
      ) : (
        <EditorForm key={article.data?.articleId ?? 0} article={article.data ?? null} courses={courses} />
      )}
    </div>
  );
}

function EditorForm({ article, courses }: { article: Article | null; courses: Course[] }) {
  const { t } = useTranslation("academy");
  const [, navigate] = useLocation();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const texts = article?.texts;
  const [language, setLanguage] = useState<Language>("en");
  const [bodies, setBodies] = useState<Bodies>({ en: texts?.en.body ?? "", fr: texts?.fr.body ?? "", ar: texts?.ar.body ?? "" });
  const [bodyError, setBodyError] = useState<string | null>(null);
  const form = useForm<ArticleForm>(
    {
      slug: article?.slug ?? "",
      course: article?.course ?? courses[0]?.slug ?? "",
      position: String(article?.position ?? 0),
      published: article?.published ?? false,
      titleEn: texts?.en.title ?? "",
      titleFr: texts?.fr.title ?? "",
      titleAr: texts?.ar.title ?? "",
      summaryEn: texts?.en.summary ?? "",
      summaryFr: texts?.fr.summary ?? "",
      summaryAr: texts?.ar.summary ?? "",
    },
    {
      slug: { label: t("slug"), check: rules.required },
      course: { label: t("course"), check: rules.required },
      position: { label: t("position") },
      published: { label: t("published") },
      titleEn: { label: t("titleIn", { language: t("languageName.en") }), check: rules.required },
      titleFr: { label: t("titleIn", { language: t("languageName.fr") }) },
      titleAr: { label: t("titleIn", { language: t("languageName.ar") }) },
      summaryEn: { label: t("summaryIn", { language: t("languageName.en") }) },
      summaryFr: { label: t("summaryIn", { language: t("languageName.fr") }) },
      summaryAr: { label: t("summaryIn", { language: t("languageName.ar") }) },
    },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );

  async function send(values: ArticleForm) {
    if (bodies.en.trim() === "") {
      setLanguage("en");
      setBodyError(t("bodyRequired"));
      throw new ApiError(400, "required", t("bodyRequired"));
    }
    setBodyError(null);
    const answer = await saveArticle({
      articleId: article?.articleId ?? 0,
      slug: values.slug,
      course: values.course,
      position: Number(values.position) || 0,
      published: values.published,
      title: { en: values.titleEn, fr: values.titleFr, ar: values.titleAr },
      summary: { en: values.summaryEn, fr: values.summaryFr, ar: values.summaryAr },
      body: bodies,
    });
    if (answer.article.slug !== article?.slug)
      navigate(`/apps/academy/article-editor?slug=${answer.article.slug}`, { replace: true });
    return answer.message;
  }

  async function remove() {
    if (!article) return;
    const sure = await confirm({
      title: t("deleteTitle"),
      text: t("deleteText", { title: article.title }),
      confirmText: t("delete"),
      tone: "error",
    });
    if (!sure) return;
    try {
      snackbar.success((await deleteArticle(article.articleId)).message);
      navigate("/dashboards/academy");
    } catch (failure) {
      snackbar.error(failure instanceof ApiError ? failure.message : t("saveFailedDefault"));
    }
  }

  const suffix = SUFFIX[language];
  const dir = language === "ar" ? "rtl" : "ltr";
  return (
    <form className="card border border-base-300 bg-base-100" onSubmit={form.submit(send)} noValidate>
      <div className="card-body gap-4">
        <div className="grid gap-4 md:grid-cols-3">
          <TextField form={form} name="slug" hint={t("slugHint")} dir="ltr" />
          <SelectField form={form} name="course">
            {courses.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.title}
              </option>
            ))}
          </SelectField>
          <TextField form={form} name="position" type="number" min={0} max={10000} />
        </div>
        <ToggleField form={form} name="published" />
        <div role="tablist" className="tabs tabs-border" aria-label={t("languages")}>
          {LANGUAGES.map((l) => (
            <button
              key={l}
              type="button"
              role="tab"
              aria-selected={language === l}
              className={`tab ${language === l ? "tab-active" : "text-base-content"}`}
              onClick={() => setLanguage(l)}
            >
              {t(`languageName.${l}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" className="flex flex-col gap-4" lang={language} key={language}>
          <TextField form={form} name={`title${suffix}`} dir={dir} />
          <TextField form={form} name={`summary${suffix}`} dir={dir} />
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t("bodyIn", { language: t(`languageName.${language}`) })}</span>
            <Suspense fallback={<Loading />}>
              <RichTextEditor
                value={bodies[language]}
                onChange={(html) => setBodies((b) => ({ ...b, [language]: html }))}
                label={t("bodyIn", { language: t(`languageName.${language}`) })}
                dir={dir}
              />
            </Suspense>
            {language !== "en" && <p className="text-sm text-base-content/80">{t("fallbackHint")}</p>}
            {bodyError && language === "en" && (
              <p className="text-sm text-error" role="alert">
                {bodyError}
              </p>
            )}
          </div>
        </div>
        <FormError text={form.formError} />
        <div className="card-actions justify-between">
          {article ? (
            <button type="button" className="btn btn-error btn-outline" onClick={() => void remove()}>
              {t("delete")}
            </button>
          ) : (
            <span />
          )}
          <SubmitButton sending={form.sending}>{t("save")}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
