import type { AppRoute } from "../../lib/feature";

export const mailTemplates = { action: "manage", subject: "MailTemplate" } as const;

export const routes: AppRoute[] = [
  {
    path: "/apps/ecommerce/mail-templates",
    title: "mailtemplates:title",
    page: () => import("./pages/MailTemplatesPage"),
    meta: mailTemplates,
  },
];
