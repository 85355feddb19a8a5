import type { AppRule, StoredRule } from "./ability";
import { rulesForUser } from "./ability";
import { randomToken, sha256Hex } from "./crypto";
import { nowSeconds } from "../db";
import type { CheckExpression } from "../db/session-check";

export const SESSION_COOKIE = "sid";

const HOUR = 3600;
/** Idle timeouts (DESIGN.md): staff 2 hours; clients 24 hours, or 30 days with remember-me. */
export function idleSecondsFor(role: string, rememberMe: boolean): number {
  if (role !== "client") return 2 * HOUR;
  return rememberMe ? 30 * 24 * HOUR : 24 * HOUR;
}

/** The signed-in user as every handler sees it. */
export interface SessionUser {
  userId: number;
  userName: string;
  userEmail: string;
  userRole: string;
  userImage: string | null;
  userQuota: number;
  emailVerified: number;
  twoFactorEnabled: number;
}

/** A view-as session's staff member and start (decision 0033): the session's user is the client viewed. */
export interface ViewAs {
  viewAsId: number;
  staffId: number;
  staffName: string;
  staffEmail: string;
  /** Unix seconds; the view-as ends VIEW_AS_SECONDS later whatever happens. */
  startedAt: number;
}

/** A view-as's hard limit: 30 minutes from its start, however busy (issue 39). */
export const VIEW_AS_SECONDS = 30 * 60;

export interface LoadedSession {
  sessionId: number;
  lastSeenAt: number;
  user: SessionUser;
  rules: AppRule[];
  viewAs: ViewAs | null;
}

// A view-as session lives only while its view-as runs and its staff member may still sign in.
const SESSION_FROM = `FROM sessions s JOIN users u ON u.userId = s.userId
  LEFT JOIN view_as_sessions v ON v.id = s.viewAsId LEFT JOIN users st ON st.userId = v.staffId
 WHERE s.tokenHash = ?1 AND u.userIsActive = 1 AND u.deletedAt IS NULL
   AND (s.viewAsId IS NULL OR (v.endedAt IS NULL AND st.userIsActive = 1 AND st.deletedAt IS NULL))`;

const RULES_JSON = `(SELECT json_group_array(json_object('action', action, 'subject', subject,
                                            'inverted', inverted, 'conditions', conditions))
          FROM (SELECT r.action, r.subject, r.inverted, r.conditions
                  FROM role_rules r JOIN roles ro ON ro.roleId = r.roleId
                 WHERE ro.roleName = u.userRole ORDER BY r.ruleId))`;

/** Everything a handler may rely on, as one text: equal fingerprints mean an unchanged session. */
const FINGERPRINT = `json_array(s.sessionId, s.idleSeconds, s.viewAsId, u.userId, u.userName, u.userEmail, u.userRole, u.userImage,
       u.userQuota, u.emailVerified, u.twoFactorEnabled, json(${RULES_JSON}))`;

/**
 * The session, its user and their role's rules in one statement (one D1 round trip per request).
 * Inactive or deleted users have no session, whatever rows remain.
 */
const SESSION_SQL = `
SELECT s.sessionId, s.lastSeenAt, s.idleSeconds,
       u.userId, u.userName, u.userEmail, u.userRole, u.userImage, u.userQuota, u.emailVerified, u.twoFactorEnabled,
       s.viewAsId, v.staffId AS viewAsStaffId, st.userName AS viewAsStaffName, st.userEmail AS viewAsStaffEmail,
       v.startedAt AS viewAsStartedAt,
       ${FINGERPRINT} AS fingerprint
  ${SESSION_FROM}`;

/**
 * 1 while the session is still the one fingerprinted and not idle past its limit, else 0: the first
 * statement of a remembered session's first batch (db/session-check.ts). Parameters: ?1 token hash,
 * ?2 now, ?3 fingerprint.
 */
const CHECK_EXPRESSION = `((SELECT ${FINGERPRINT} ${SESSION_FROM} AND ?2 - s.lastSeenAt <= s.idleSeconds) IS ?3)`;

interface SessionRow extends SessionUser {
  sessionId: number;
  lastSeenAt: number;
  idleSeconds: number;
  viewAsId: number | null;
  viewAsStaffId: number | null;
  viewAsStaffName: string | null;
  viewAsStaffEmail: string | null;
  viewAsStartedAt: number | null;
  fingerprint: string;
}

/** A loaded session with what it takes to re-check it later in one statement. */
export interface FingerprintedSession extends LoadedSession {
  tokenHash: string;
  fingerprint: string;
}

/** The session whose token hashes to `tokenHash` (see `tokenHashOf`), or null. */
export async function loadSession(d1: D1Database, tokenHash: string): Promise<FingerprintedSession | null> {
  const found = await d1.prepare(SESSION_SQL).bind(tokenHash).first<SessionRow>();
  if (!found) return null;
  // A view-as session is left to the dispatcher, which ends its view-as (and audits that) once expired.
  if (found.viewAsId === null && nowSeconds() - found.lastSeenAt > found.idleSeconds) {
    await d1.prepare("DELETE FROM sessions WHERE sessionId = ?1").bind(found.sessionId).run();
    return null;
  }
  const {
    sessionId,
    lastSeenAt,
    idleSeconds: _idle,
    fingerprint,
    viewAsId,
    viewAsStaffId,
    viewAsStaffName,
    viewAsStaffEmail,
    viewAsStartedAt,
    ...user
  } = found;
  // The rules are the fingerprint's last element: parsed once, never queried twice.
  const stored = (JSON.parse(fingerprint) as unknown[]).at(-1) as StoredRule[];
  const viewAs =
    viewAsId === null
      ? null
      : {
          viewAsId,
          staffId: viewAsStaffId!,
          staffName: viewAsStaffName!,
          staffEmail: viewAsStaffEmail!,
          startedAt: viewAsStartedAt!,
        };
  return { sessionId, lastSeenAt, user, rules: rulesForUser(stored, user.userId), viewAs, tokenHash, fingerprint };
}

export const tokenHashOf = (token: string) => sha256Hex(token);

/** The expression that re-checks a fingerprinted session (see CHECK_EXPRESSION). */
export function sessionCheck(session: FingerprintedSession): CheckExpression {
  return { sql: CHECK_EXPRESSION, binds: [session.tokenHash, nowSeconds(), session.fingerprint] };
}

/** Stored rules of a role, for answers that carry userAbilityRules. */
export async function roleRules(d1: D1Database, role: string, userId: number): Promise<AppRule[]> {
  const { results } = await d1
    .prepare(
      `SELECT r.action, r.subject, r.inverted, r.conditions FROM role_rules r
         JOIN roles ro ON ro.roleId = r.roleId WHERE ro.roleName = ?1 ORDER BY r.ruleId`,
    )
    .bind(role)
    .all<StoredRule>();
  return rulesForUser(results, userId);
}

export interface NewSession {
  token: string;
  statement: D1PreparedStatement;
  maxAge: number | null;
}

/** A fresh 256-bit session token and the statement that stores its hash (for the caller's batch). */
export async function newSession(
  d1: D1Database,
  opts: {
    userId: number;
    role: string;
    rememberMe: boolean;
    userAgent: string;
    ip: string;
    /** A view-as's session: its view_as_sessions row is the batch's insert just before this one. */
    viewAs?: boolean;
  },
): Promise<NewSession> {
  const token = randomToken(32);
  const idleSeconds = opts.viewAs ? VIEW_AS_SECONDS : idleSecondsFor(opts.role, opts.rememberMe);
  const statement = d1
    .prepare(
      `INSERT INTO sessions (userId, tokenHash, rememberMe, idleSeconds, userAgent, ip, lastSeenAt, viewAsId)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ${opts.viewAs ? "last_insert_rowid()" : "NULL"})`,
    )
    .bind(
      opts.userId,
      await sha256Hex(token),
      opts.rememberMe ? 1 : 0,
      idleSeconds,
      opts.userAgent.slice(0, 300),
      opts.ip,
      nowSeconds(),
    );
  return { token, statement, maxAge: opts.rememberMe && opts.role === "client" ? idleSeconds : null };
}

export function sessionCookie(token: string, secure: boolean, maxAge: number | null): string {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) parts.push("Secure");
  if (maxAge !== null) parts.push(`Max-Age=${maxAge}`);
  return parts.join("; ");
}

export function clearSessionCookie(secure: boolean): string {
  return sessionCookie("", secure, 0);
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** Where a view-as keeps the staff member's own session token: sent only to end-view-as (decision 0033). */
export const STAFF_COOKIE = "sid_staff";
const END_VIEW_AS_PATH = "/api/end-view-as";

export function staffCookie(token: string, secure: boolean, maxAge: number | null = null): string {
  const parts = [`${STAFF_COOKIE}=${token}`, `Path=${END_VIEW_AS_PATH}`, "HttpOnly", "SameSite=Strict"];
  if (secure) parts.push("Secure");
  if (maxAge !== null) parts.push(`Max-Age=${maxAge}`);
  return parts.join("; ");
}

export function clearStaffCookie(secure: boolean): string {
  return staffCookie("", secure, 0);
}
