import type { AppAbility, AppRule } from "../auth/ability";
import type { Actor } from "../auth/actor";
import type { AgentPrincipal } from "../auth/apikey";
import type { SessionUser, ViewAs } from "../auth/session";
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
  /** Set while staff view as the client `user` (decision 0033): the dispatcher lets only reads through. */
  viewAs?: ViewAs | null;
}

export function requireUser(ctx: Ctx): SessionUser {
  if (!ctx.user) throw unauthorized();
  return ctx.user;
}

/** Who the request acts for (audit rows, claims). */
export function actorOf(ctx: Ctx): Actor {
  // Whoever views as a client acts as themselves in the audit log, never as the client.
  if (ctx.viewAs) return { userId: ctx.viewAs.staffId, email: ctx.viewAs.staffEmail, ip: ctx.ip, agent: null };
  return {
    userId: ctx.user?.userId ?? null,
    email: ctx.user?.userEmail ?? (ctx.agent ? `api-key:${ctx.agent.keyName}` : ""),
    ip: ctx.ip,
    agent: ctx.agent,
  };
}

/** What domain functions get of the request (domain/context.ts `DomainContext`): the database and the actor. */
export function domainOf(ctx: Ctx) {
  return { db: ctx.db, d1: ctx.env.DB, actor: actorOf(ctx) };
}

/**
 * The deployment mails speak for (domain/context.ts `Portal`): links point where the request came; the
 * name is the store settings' in force when the caller read them (SITE_NAME, their default, otherwise).
 */
export function portalOf(ctx: Ctx, siteName: string = ctx.env.SITE_NAME) {
  return { siteName, origin: ctx.url.origin };
}
