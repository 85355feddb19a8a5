import { assertCurrentPassword } from "../auth/current-password";
import { unseal } from "../auth/secretbox";
import {
  clearSessionCookie,
  clearStaffCookie,
  loadSession,
  newSession,
  readCookie,
  SESSION_COOKIE,
  sessionCookie,
  STAFF_COOKIE,
  staffCookie,
  tokenHashOf,
  VIEW_AS_SECONDS,
} from "../auth/session";
import { claimAttempt } from "../auth/throttle";
import { claimTotpStep, codeUsed, totpStep } from "../auth/totp";
import { nowSeconds } from "../db";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import { listPage } from "../db/list";
import { audit } from "../domain/audit";
import { endViewAs, insertViewAs, viewAsList, type ViewAsEndReason } from "../domain/viewas/sessions";
import { badRequest, conflict, notFound, requiredField, tooManyRequests } from "../errors";
import { viewAsCalls } from "../contract/viewas";
import { domainOf, requireUser, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";

/** Fresh re-authentications a staff member may try per quarter hour: a borrowed session cannot guess on. */
const REAUTH_ATTEMPTS = 10;
const REAUTH_WINDOW_SECONDS = 15 * 60;

/** The client a view-as may show: an open client account other than the caller's. */
async function viewableClient(ctx: Ctx, staffId: number, userId: number) {
  if (userId === staffId) throw badRequest("viewAsSelf", "view_as_self", "userId");
  const target = await ctx.db
    .selectFrom("users")
    .select(["userRole", "userIsActive", "deletedAt"])
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!target) throw notFound("noSuchUser");
  if (target.deletedAt !== null || target.userIsActive !== 1) throw conflict("viewAsClosed", "account_closed", "userId");
  if (target.userRole !== "client") throw badRequest("viewAsStaff", "view_as_staff", "userId");
}

/** The fresh second proof: the password, or a TOTP code whose step the start's batch claims (once). */
async function reauthClaims(ctx: Ctx, staffId: number, password: string | undefined, code: string | undefined) {
  if (password !== undefined) {
    await assertCurrentPassword(ctx.db, staffId, password, ctx.env.SESSION_PEPPER, "password");
    return [];
  }
  const row = await ctx.db
    .selectFrom("users")
    .select(["twoFactorEnabled", "twoFactorSecret"])
    .where("userId", "=", staffId)
    .executeTakeFirstOrThrow();
  if (row.twoFactorEnabled !== 1 || !row.twoFactorSecret) throw conflict("twoFactorNotOn", "two_factor_off", "code");
  const step = totpStep(await unseal(row.twoFactorSecret, ctx.env.VENDOR_SECRET_KEYS), code!);
  if (step === null) throw badRequest("wrongCode", "wrong_code", "code");
  return [claimTotpStep(ctx.env.DB, staffId, step), abortUnlessChanged(ctx.env.DB)];
}

const viewAs = route(viewAsCalls["view-as"], {
  async handler(ctx, { userId, password, code }) {
    const staff = requireUser(ctx);
    if (password === undefined && code === undefined) throw requiredField("password");
    if (password !== undefined && code !== undefined) throw badRequest("viewAsPasswordOrCode", "invalid_input", "code");
    await viewableClient(ctx, staff.userId, userId);
    const now = nowSeconds();
    if (!(await claimAttempt(ctx.env.DB, `view-as:${staff.userId}`, REAUTH_ATTEMPTS, now - REAUTH_WINDOW_SECONDS)))
      throw tooManyRequests("tooManyWrongCodes");
    const claims = await reauthClaims(ctx, staff.userId, password, code);
    const session = await newSession(ctx.env.DB, {
      userId,
      role: "client",
      rememberMe: false,
      userAgent: ctx.userAgent,
      ip: ctx.ip,
      viewAs: true,
    });
    await runGuardedBatch(
      ctx.env.DB,
      [
        ...claims,
        insertViewAs(ctx.db, staff.userId, userId, now),
        session.statement,
        audit(domainOf(ctx), {
          action: "view-as-start",
          subject: "User",
          subjectId: userId,
          detail: { method: password !== undefined ? "password" : "code" },
        }),
      ],
      () => codeUsed(400),
    );
    // The staff session stays as it is, its token sent back only to end-view-as.
    const staffToken = readCookie(ctx.request, SESSION_COOKIE)!;
    ctx.cookies.push(sessionCookie(session.token, ctx.secure, null), staffCookie(staffToken, ctx.secure));
    return json({ message: success(ctx, "viewAsStarted") });
  },
});

const endViewAsCall = route(viewAsCalls["end-view-as"], {
  async handler(ctx) {
    const staffToken = readCookie(ctx.request, STAFF_COOKIE);
    if (!ctx.viewAs && !staffToken) throw conflict("notViewingAs", "not_viewing_as");
    // An expired view-as was ended by the dispatcher already; this one ends now.
    if (ctx.viewAs) await endViewAs(domainOf(ctx), ctx.viewAs.viewAsId, requireUser(ctx).userId, "ended", nowSeconds());
    const staff = staffToken ? await loadSession(ctx.env.DB, await tokenHashOf(staffToken)) : null;
    ctx.cookies.push(
      staff && !staff.viewAs ? sessionCookie(staffToken!, ctx.secure, null) : clearSessionCookie(ctx.secure),
      clearStaffCookie(ctx.secure),
    );
    return json({ message: success(ctx, "viewAsEnded") });
  },
});

interface ViewAsRow {
  viewAsId: number;
  staffId: number;
  staffName: string;
  startedAt: number;
  endedAt: number | null;
  endReason: ViewAsEndReason | null;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

const searchViewAs = route(viewAsCalls["search-view-as"], {
  async handler(ctx, { userId: wanted, page, limit }) {
    const user = requireUser(ctx);
    // Another user's list is staff's: a client naming one gets their own (as search-history does).
    const userId = wanted !== undefined && ctx.ability.can("read", "User") ? wanted : user.userId;
    const { query, ...options } = viewAsList(ctx.db, userId);
    const found = await listPage<ViewAsRow>(ctx.db, query, { ...options, window: { page, limit } });
    const now = nowSeconds();
    const data = found.rows.map((row) => {
      // A view-as nobody used after its 30 minutes is over, though no request ended its row yet.
      const expired = row.endedAt === null && now >= row.startedAt + VIEW_AS_SECONDS;
      const endedAt = row.endedAt ?? (expired ? row.startedAt + VIEW_AS_SECONDS : null);
      return {
        ...row,
        startedAt: iso(row.startedAt),
        endedAt: endedAt === null ? null : iso(endedAt),
        endReason: row.endReason ?? (expired ? ("expired" as const) : null),
      };
    });
    return list(data, found, page, limit);
  },
});

export const routes = [viewAs, endViewAsCall, searchViewAs];
