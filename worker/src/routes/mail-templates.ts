import { mailTemplateCalls } from "../contract/mailtemplates";
import { prepare, runBatch } from "../db";
import { audit } from "../domain/audit";
import type { MailKind } from "../domain/mailtemplates/samples";
import { isMailKind, placeholdersOf, templateFault, type MailTemplate } from "../domain/mailtemplates/template";
import { mailTemplateList, mailTemplateView, previewMail } from "../domain/mailtemplates/view";
import { badRequest, msg } from "../errors";
import { domainOf, requireUser } from "../http/context";
import { json, success } from "../http/respond";
import { route } from "../http/route";

function knownKind(kind: string): MailKind {
  if (!isMailKind(kind)) throw badRequest("noSuchMailKind", "no_such_kind", "kind");
  return kind;
}

/** Refuses a draft whose subject or body names a placeholder its kind lacks, or has a stray brace: a 400 naming it. */
function checkedDraft(kind: MailKind, draft: MailTemplate): MailTemplate {
  const placeholders = placeholdersOf(kind);
  for (const field of ["subject", "body"] as const) {
    const fault = templateFault(draft[field], placeholders);
    if (!fault) continue;
    if ("unknown" in fault) {
      const allowed = placeholders.map((name) => `{{${name}}}`).join(", ");
      throw badRequest(
        msg("mailTemplateUnknownPlaceholder", { placeholder: fault.unknown, allowed }),
        "unknown_placeholder",
        field,
      );
    }
    throw badRequest(msg("mailTemplateMalformed", { near: fault.malformed }), "malformed_placeholder", field);
  }
  return draft;
}

const mailTemplates = route(mailTemplateCalls["mail-templates"], {
  async handler(ctx) {
    return json({ templates: await mailTemplateList(ctx.db) });
  },
});

const previewMailTemplate = route(mailTemplateCalls["preview-mail-template"], {
  async handler(ctx, input) {
    const kind = knownKind(input.kind);
    const draft = checkedDraft(kind, { subject: input.subject, body: input.body });
    return json(await previewMail(ctx.db, kind, input.language, draft));
  },
});

/** The text and its audit row are one batch; the next mail written by any isolate reads it. */
const updateMailTemplate = route(mailTemplateCalls["update-mail-template"], {
  async handler(ctx, input) {
    const { userId } = requireUser(ctx);
    const kind = knownKind(input.kind);
    const { subject, body } = checkedDraft(kind, { subject: input.subject, body: input.body });
    const now = new Date().toISOString();
    await runBatch(ctx.env.DB, [
      prepare(
        ctx.env.DB,
        ctx.db
          .insertInto("mail_templates")
          .values({ mailKind: kind, language: input.language, subject, body, updatedAt: now, updatedBy: userId })
          .onConflict((oc) =>
            oc.columns(["mailKind", "language"]).doUpdateSet({ subject, body, updatedAt: now, updatedBy: userId }),
          ),
      ),
      prepare(
        ctx.env.DB,
        audit(domainOf(ctx), {
          action: "update-mail-template",
          subject: "MailTemplate",
          subjectId: `${kind}:${input.language}`,
          detail: { subject, body },
        }),
      ),
    ]);
    return json({ message: success(ctx, "mailTemplateSaved"), template: await mailTemplateView(ctx.db, kind) });
  },
});

const resetMailTemplate = route(mailTemplateCalls["reset-mail-template"], {
  async handler(ctx, input) {
    requireUser(ctx);
    const kind = knownKind(input.kind);
    await runBatch(ctx.env.DB, [
      prepare(
        ctx.env.DB,
        ctx.db.deleteFrom("mail_templates").where("mailKind", "=", kind).where("language", "=", input.language),
      ),
      prepare(
        ctx.env.DB,
        audit(domainOf(ctx), { action: "reset-mail-template", subject: "MailTemplate", subjectId: `${kind}:${input.language}` }),
      ),
    ]);
    return json({ message: success(ctx, "mailTemplateReset"), template: await mailTemplateView(ctx.db, kind) });
  },
});

export const routes = [mailTemplates, previewMailTemplate, updateMailTemplate, resetMailTemplate];
