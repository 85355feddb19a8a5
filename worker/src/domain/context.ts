import type { Actor } from "../auth/actor";
import type { DB } from "../db";
import type { MailTemplates } from "./mailtemplates/template";

/**
 * What domain code knows of a request: the database (Kysely and the raw binding, for batches) and who
 * acts. Never the request, its cookies or the Worker's env: settings a function needs are its arguments.
 */
export interface DomainContext {
  db: DB;
  d1: D1Database;
  actor: Actor;
}

/** The deployment mails speak for: its name (SITE_NAME) and the origin their links point to. */
export interface Portal {
  siteName: string;
  origin: string;
  /** The admin's mail templates in force, read by the call that writes the mail (none: the code's texts). */
  mailTemplates?: MailTemplates;
}
