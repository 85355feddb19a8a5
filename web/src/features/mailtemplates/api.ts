import { api, type CallAnswer, type CallInput } from "../../lib/api";

export type MailTemplate = CallAnswer<"mail-templates">["templates"][number];
export type MailTemplateText = MailTemplate["texts"][number];
export type MailLanguage = MailTemplateText["language"];
export type MailDraft = CallInput<"update-mail-template">;
export type MailPreview = CallAnswer<"preview-mail-template">;

/** The SWR key of the templates in force. */
export const MAIL_TEMPLATES_KEY = ["mail-templates"] as const;

export const fetchMailTemplates = () => api("mail-templates", {});
export const previewMailTemplate = (draft: MailDraft) => api("preview-mail-template", draft);
export const saveMailTemplate = (draft: MailDraft) => api("update-mail-template", draft);
export const resetMailTemplate = (kind: string, language: MailLanguage) => api("reset-mail-template", { kind, language });
