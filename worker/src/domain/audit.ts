import { sql, type RawBuilder } from "kysely";
import type { AuditAction } from "../contract/admin";
import type { DomainContext } from "./context";

export interface AuditEntry {
  /** One of the contract's AUDIT_ACTIONS: the audit page puts each in words. */
  action: AuditAction;
  subject?: string;
  /** The row acted on; `insertedRowId` names the row the statement just before inserted. */
  subjectId?: string | number | RawBuilder<string>;
  outcome?: "ok" | "denied" | "failed";
  /** Never put secrets or passwords here. */
  detail?: Record<string, unknown>;
}

/** SQL: the id of the row the statement just before inserted (a create and its audit row in one batch). */
export const insertedRowId = sql<string>`CAST(last_insert_rowid() AS TEXT)`;

/** SQL: the statement just before changed exactly one row, so a lost race leaves no false audit row. */
export const oneRowChanged = sql<boolean>`changes() = 1`;

/**
 * The one way to write an audit row: the insert of `entry` by the context's actor, to run alone
 * (`.execute()`) or inside the caller's batch. With `onlyIf`, the row is written only where that SQL
 * condition holds when the statement runs (`oneRowChanged`, or a grant token the batch wrote).
 */
export function audit(context: Pick<DomainContext, "db" | "actor">, entry: AuditEntry, onlyIf?: RawBuilder<boolean>) {
  const { db, actor } = context;
  const { subjectId } = entry;
  const row = db.selectNoFrom((eb) => [
    eb.val(actor.userId).as("actorId"),
    eb.val(actor.email).as("actorEmail"),
    eb.val(actor.ip).as("ip"),
    eb.val(entry.action).as("action"),
    eb.val(entry.subject ?? "").as("subject"),
    typeof subjectId === "object" ? subjectId.as("subjectId") : eb.val(String(subjectId ?? "")).as("subjectId"),
    eb.val(entry.outcome ?? "ok").as("outcome"),
    eb.val(JSON.stringify(entry.detail ?? {})).as("detail"),
  ]);
  return db
    .insertInto("audit_log")
    .columns(["actorId", "actorEmail", "ip", "action", "subject", "subjectId", "outcome", "detail"])
    .expression(onlyIf ? row.where(onlyIf) : row);
}
