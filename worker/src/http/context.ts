import type { AppAbility, AppRule } from "../auth/ability";
import type { AgentPrincipal } from "../auth/apikey";
import type { SessionUser } from "../auth/session";
import { auditInsert, type AuditEntry } from "../domain/audit";
import type { DB } from "../db";
import { unauthorized } from "../errors";

/** Everything a handler knows about the request and its caller. */
export interface Ctx {
  env: Env;
  exec: ExecutionContext;
  request: Request;
  url: URL;
  db: DB;
  ip: string;
  userAgent: string;
  secure: boolean;
  user: SessionUser | null;
  sessionId: number | null;
  agent: AgentPrincipal | null;
  rules: AppRule[];
  ability: AppAbility;
  /** Set-Cookie headers to add to the answer. */
  cookies: string[];
  /** The JSON body's bytes as sent (for signature checks); null for multipart or before parsing. */
  rawBody: Uint8Array | null;
}

export function requireUser(ctx: Ctx): SessionUser {
  if (!ctx.user) throw unauthorized();
  return ctx.user;
}

export function actorOf(ctx: Ctx) {
  return {
    actorId: ctx.user?.userId ?? null,
    actorEmail: ctx.user?.userEmail ?? (ctx.agent ? `api-key:${ctx.agent.keyName}` : ""),
    ip: ctx.ip,
  };
}

/** The audit row for this caller, to run inside a batch. */
export function auditQuery(ctx: Ctx, entry: AuditEntry) {
  return auditInsert(ctx.db, actorOf(ctx), entry);
}

/** Writes an audit row now. */
export async function audit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  await auditQuery(ctx, entry).execute();
}
