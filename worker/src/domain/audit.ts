import type { DB } from "../db";

export interface AuditEntry {
  action: string;
  subject?: string;
  subjectId?: string | number;
  outcome?: "ok" | "denied" | "failed";
  /** Never put secrets or passwords here. */
  detail?: Record<string, unknown>;
}

export interface AuditActor {
  actorId: number | null;
  actorEmail: string;
  ip: string;
}

/** The insert of one audit row, to run alone or inside the caller's batch. */
export function auditInsert(db: DB, actor: AuditActor, entry: AuditEntry) {
  return db.insertInto("audit_log").values({
    actorId: actor.actorId,
    actorEmail: actor.actorEmail,
    ip: actor.ip,
    action: entry.action,
    subject: entry.subject ?? "",
    subjectId: entry.subjectId === undefined ? "" : String(entry.subjectId),
    outcome: entry.outcome ?? "ok",
    detail: JSON.stringify(entry.detail ?? {}),
  });
}
