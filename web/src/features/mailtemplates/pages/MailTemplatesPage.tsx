import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { PageHeader } from "../../../components/PageHeader";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { fetchMailTemplates, MAIL_TEMPLATES_KEY, type MailLanguage, type MailTemplate } from "../api";
import { TemplateForm } from "../components/TemplateForm";

const LANGUAGES: readonly MailLanguage[] = ["en", "fr", "ar"];

/**
 * /apps/ecommerce/mail-templates: the outbox's mail kinds, per language, as an admin words them
 * (docs/decisions/0026-mail-templates.md). One kind and language at a time; a saved text is in force for the
 * next mail, a reset brings the code's default back.
 */
export default function MailTemplatesPage() {
  const { t } = useTranslation("mailtemplates");
  const { data, error, isLoading, mutate } = useSWR(MAIL_TEMPLATES_KEY, fetchMailTemplates);
  const [kind, setKind] = useState<string | null>(null);
  const [language, setLanguage] = useState<MailLanguage>("en");
  const templates = data?.templates ?? [];
  const template = templates.find((each) => each.kind === kind) ?? templates[0];
  const text = template?.texts.find((each) => each.language === language);
  const onSaved = (saved: MailTemplate) =>
    void mutate({ templates: templates.map((each) => (each.kind === saved.kind ? saved : each)) }, { revalidate: false });

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      {isLoading && <Loading />}
      {error && !data && <ErrorState text={t("loadFailed")} onRetry={() => void mutate()} />}
      {data && !template && <Empty text={t("empty")} />}
      {template && text && (
        <>
          <div className="flex flex-wrap items-end gap-4">
            <div className="flex w-full flex-col gap-1 sm:w-72">
              <label htmlFor="mail-template-kind" className="text-sm font-medium">
                {t("kind")}
              </label>
              <select
                id="mail-template-kind"
                className="select w-full"
                value={template.kind}
                onChange={(event) => setKind(event.target.value)}
              >
                {templates.map((each) => (
                  <option key={each.kind} value={each.kind}>
                    {t(`kindName.${each.kind}`, { defaultValue: each.kind })}
                  </option>
                ))}
              </select>
            </div>
            <div role="tablist" aria-label={t("languagesLabel")} className="tabs tabs-box w-max flex-nowrap bg-base-100">
              {LANGUAGES.map((each) => (
                <button
                  key={each}
                  type="button"
                  role="tab"
                  id={`mail-template-tab-${each}`}
                  aria-selected={language === each}
                  aria-controls="mail-template-panel"
                  className={`tab ${language === each ? "tab-active" : "text-base-content"}`}
                  onClick={() => setLanguage(each)}
                >
                  {t(`language.${each}`)}
                </button>
              ))}
            </div>
          </div>
          <div role="tabpanel" id="mail-template-panel" aria-labelledby={`mail-template-tab-${language}`}>
            <TemplateForm key={`${template.kind}:${language}`} template={template} text={text} onSaved={onSaved} />
          </div>
        </>
      )}
    </section>
  );
}
