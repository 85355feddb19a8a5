export const SEARCH_AUDIT = "search-audit";

export interface AuditRow {
  auditId: number;
  actorId: number | null;
  actorEmail: string;
  action: string;
  subject: string;
  subjectId: string;
  outcome: "ok" | "denied" | "failed";
  detail: Record<string, unknown>;
  ip: string;
  createdAt: string;
}
