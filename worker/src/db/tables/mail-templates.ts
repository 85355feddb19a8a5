import type { Generated } from "kysely";

/** An admin's text of one mail kind in one language (migration 0350); no row: the code's default. */
export interface MailTemplatesTable {
  mailKind: string;
  language: "en" | "fr" | "ar";
  subject: string;
  body: string;
  updatedAt: Generated<string>;
  updatedBy: number | null;
}

// The feature's table joins the Kysely schema by declaration merging: db/schema.ts is not edited.
declare module "../schema" {
  interface Database {
    mail_templates: MailTemplatesTable;
  }
}
