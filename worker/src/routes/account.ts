import { assertCurrentPassword } from "../auth/current-password";
import { hashPassword } from "../auth/password";
import {
  clearRecoveryCodes,
  newRecoveryCodes,
  RECOVERY_CODE_SET_SQL,
  recoveryCodeSet,
  replaceRecoveryCodes,
} from "../auth/recovery-codes";
import { sha256Hex } from "../auth/crypto";
import { seal, unseal } from "../auth/secretbox";
import { newSession, sessionCookie } from "../auth/session";
import { claimTotpStep, codeUsed, newTotpSecret, otpauthUrl, totpStep, turnTwoFactorOff } from "../auth/totp";
import { consumeToken, issueToken } from "../auth/tokens";
import { claimAttempt } from "../auth/throttle";
import { requireHuman } from "../auth/turnstile";
import { nowIso, nowSeconds, runBatch } from "../db";
import { listPage } from "../db/list";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import { audit } from "../domain/audit";
import { resetMail, verificationMail } from "../domain/users/mails";
import { sessionList } from "../domain/users/sessions";
import { domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { badRequest, conflict, notFound } from "../errors";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { queueMail } from "../domain/outbox/queue";
import { requestLanguage } from "../http/language";
import { turnstileOf } from "../http/settings";
import { accountCalls } from "../contract/auth";
import { dispatchSoon } from "../domain/outbox/dispatch";
import { mailQueueOf } from "../http/settings";
import { savedPortal } from "../domain/mailtemplates/portal";
import { storeDefaultsOf } from "../http/settings";
import { loadStoreSettings } from "../domain/storesettings/settings";

const FORGOT_PER_HOUR = 3;

const forgotPassword = route(accountCalls["forgot-password"], {
  async handler(ctx, { email, turnstileToken }) {
    const turnstile = turnstileOf(ctx.env);
    if (turnstile) await requireHuman(turnstile, turnstileToken, ctx.ip);
    const user = await ctx.db
      .selectFrom("users")
      .select(["userId", "userName"])
      .where("userEmail", "=", email)
      .where("deletedAt", "is", null)
      .where("userIsActive", "=", 1)
      .executeTakeFirst();
    // The answer is the same whether or not the account exists, and whether or not a mail is sent. The mail
    // is counted before it is sent: concurrent requests send no more than the hour allows.
    if (user && (await claimAttempt(ctx.env.DB, `forgot:${email}`, FORGOT_PER_HOUR, nowSeconds() - 3600))) {
      const { token, insert } = await issueToken(ctx.db, user.userId, "reset");
      await runBatch(ctx.env.DB, [
        insert,
        queueMail(
          ctx.db,
          resetMail(
            await savedPortal(ctx.db, portalOf(ctx), storeDefaultsOf(ctx.env)),
            email,
            user.userName,
            token,
            requestLanguage(ctx.request) ?? "en",
          ),
        ),
      ]);
      dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
    }
    return json({ message: success(ctx, "resetLinkSent") });
  },
});

const resetPassword = route(accountCalls["reset-password"], {
  async handler(ctx, { token, password }) {
    const used = await consumeToken(ctx.db, token, "reset");
    if (!used) throw badRequest("resetLinkInvalid", "invalid_token");
    const hash = await hashPassword(password, ctx.env.SESSION_PEPPER);
    const tokenHash = await sha256Hex(token);
    // Only while this link is still on record: of two links used at once, the first reset deletes the
    // other's row, and the other changes nothing (one new password, not the last of two).
    await runGuardedBatch(
      ctx.env.DB,
      [
        ctx.env.DB.prepare(
          `UPDATE users SET passwordHash = ?2, passwordSalt = ?3, passwordIterations = ?4, updatedAt = ?5
            WHERE userId = ?1 AND EXISTS (SELECT 1 FROM auth_tokens WHERE tokenHash = ?6 AND purpose = 'reset')`,
        ).bind(used.userId, hash.passwordHash, hash.passwordSalt, hash.passwordIterations, nowIso(), tokenHash),
        abortUnlessChanged(ctx.env.DB),
        // A new password ends every session, wherever it was opened.
        ctx.db.deleteFrom("sessions").where("userId", "=", used.userId),
        ctx.db.deleteFrom("auth_tokens").where("userId", "=", used.userId).where("purpose", "=", "reset"),
        audit(domainOf(ctx), { action: "reset-password", subject: "User", subjectId: used.userId }),
      ],
      () => badRequest("resetLinkInvalid", "invalid_token"),
    );
    return json({ message: success(ctx, "passwordReset") });
  },
});

const verifyEmail = route(accountCalls["verify-email"], {
  async handler(ctx, { token }) {
    const used = await consumeToken(ctx.db, token, "verify");
    if (!used) throw badRequest("verificationLinkInvalid", "invalid_token");
    await ctx.db.updateTable("users").set({ emailVerified: 1 }).where("userId", "=", used.userId).execute();
    return json({ message: success(ctx, "emailConfirmed") });
  },
});

const resendVerification = route(accountCalls["resend-verification"], {
  async handler(ctx) {
    const user = requireUser(ctx);
    if (user.emailVerified === 1) throw conflict("emailAlreadyConfirmed", "already_verified");
    const { token, insert } = await issueToken(ctx.db, user.userId, "verify");
    await runBatch(ctx.env.DB, [
      insert,
      queueMail(
        ctx.db,
        verificationMail(
          await savedPortal(ctx.db, portalOf(ctx), storeDefaultsOf(ctx.env)),
          user.userEmail,
          user.userName,
          token,
          requestLanguage(ctx.request) ?? "en",
        ),
      ),
    ]);
    dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
    return json({ message: success(ctx, "verificationSent") });
  },
});

const changePassword = route(accountCalls["change-password"], {
  async handler(ctx, { currentPassword, newPassword }) {
    const user = requireUser(ctx);
    const checked = await assertCurrentPassword(ctx.db, user.userId, currentPassword, ctx.env.SESSION_PEPPER, "currentPassword");
    const hash = await hashPassword(newPassword, ctx.env.SESSION_PEPPER);
    // Every session ends, this one included, and this browser gets a fresh one.
    const session = await newSession(ctx.env.DB, {
      userId: user.userId,
      role: user.userRole,
      rememberMe: false,
      userAgent: ctx.userAgent,
      ip: ctx.ip,
    });
    // Only while the password is still the one checked: of two changes at once one wins, the other is told
    // (two answers of "changed" with different passwords would leave one of them wrong).
    await runGuardedBatch(
      ctx.env.DB,
      [
        ctx.db
          .updateTable("users")
          .set({ ...hash, updatedAt: nowIso() })
          .where("userId", "=", user.userId)
          .where("passwordHash", "=", checked),
        abortUnlessChanged(ctx.env.DB),
        ctx.db.deleteFrom("sessions").where("userId", "=", user.userId),
        session.statement,
        audit(domainOf(ctx), { action: "change-password", subject: "User", subjectId: user.userId }),
      ],
      () => conflict("passwordChangedMeanwhile", "password_changed"),
    );
    ctx.cookies.push(sessionCookie(session.token, ctx.secure, session.maxAge));
    return json({ message: success(ctx, "passwordChanged") });
  },
});

const twoFactorSetup = route(accountCalls["two-factor-setup"], {
  async handler(ctx) {
    const user = requireUser(ctx);
    if (user.twoFactorEnabled === 1) throw conflict("twoFactorAlreadyOn", "two_factor_on");
    const previous = await ctx.db
      .selectFrom("users")
      .select(["twoFactorSecret", "twoFactorEnabled"])
      .where("userId", "=", user.userId)
      .executeTakeFirstOrThrow();
    if (previous.twoFactorEnabled === 1) throw conflict("twoFactorAlreadyOn", "two_factor_on");
    const secret = newTotpSecret();
    // A new secret starts a new sequence of codes: the last step accepted for the old one no longer applies.
    // Only over the secret read: of two set-ups at once one is stored, the other answers 409 rather than a
    // secret (and QR code) that no longer works.
    const stored = await ctx.db
      .updateTable("users")
      .set({ twoFactorSecret: await seal(secret, ctx.env.VENDOR_SECRET_KEYS), totpLastStep: 0 })
      .where("userId", "=", user.userId)
      .where("twoFactorEnabled", "=", 0)
      .where((eb) =>
        previous.twoFactorSecret === null
          ? eb("twoFactorSecret", "is", null)
          : eb("twoFactorSecret", "=", previous.twoFactorSecret),
      )
      .executeTakeFirst();
    if (Number(stored.numUpdatedRows) !== 1) throw conflict("twoFactorSetupChanged", "two_factor_setup_changed");
    return json({
      secret,
      otpauthUrl: otpauthUrl(secret, user.userEmail, (await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env))).siteName),
    });
  },
});

const twoFactorEnable = route(accountCalls["two-factor-enable"], {
  async handler(ctx, { code }) {
    const user = requireUser(ctx);
    const row = await ctx.db
      .selectFrom("users")
      .select(["twoFactorSecret", "twoFactorEnabled"])
      .where("userId", "=", user.userId)
      .executeTakeFirstOrThrow();
    if (row.twoFactorEnabled === 1) throw conflict("twoFactorAlreadyOn", "two_factor_on");
    if (!row.twoFactorSecret) throw badRequest("twoFactorNotSetUp", "two_factor_not_set_up");
    const step = totpStep(await unseal(row.twoFactorSecret, ctx.env.VENDOR_SECRET_KEYS), code);
    if (step === null) throw badRequest("wrongCode", "wrong_code", "code");
    const recoveryCodes = newRecoveryCodes();
    // The code's step is claimed in the same batch: a code already accepted cannot turn 2FA on again,
    // and two concurrent enables cannot both pass (nor leave two sets of recovery codes).
    await runGuardedBatch(
      ctx.env.DB,
      [
        claimTotpStep(ctx.env.DB, user.userId, step),
        abortUnlessChanged(ctx.env.DB),
        ctx.db
          .updateTable("users")
          .set({ twoFactorEnabled: 1 })
          .where("userId", "=", user.userId)
          .where("twoFactorEnabled", "=", 0),
        abortUnlessChanged(ctx.env.DB),
        ...(await replaceRecoveryCodes(ctx.db, ctx.env.SESSION_PEPPER, user.userId, recoveryCodes)),
        audit(domainOf(ctx), { action: "two-factor-enable", subject: "User", subjectId: user.userId }),
      ],
      async () => {
        const now = await ctx.db
          .selectFrom("users")
          .select("twoFactorEnabled")
          .where("userId", "=", user.userId)
          .executeTakeFirstOrThrow();
        return now.twoFactorEnabled === 1 ? conflict("twoFactorAlreadyOn", "two_factor_on") : codeUsed(400);
      },
    );
    return json({ message: success(ctx, "twoFactorOn"), recoveryCodes });
  },
});

const twoFactorRecoveryCodes = route(accountCalls["two-factor-recovery-codes"], {
  async handler(ctx, { password }) {
    const user = requireUser(ctx);
    const current = await recoveryCodeSet(ctx.env.DB, user.userId);
    await assertCurrentPassword(ctx.db, user.userId, password, ctx.env.SESSION_PEPPER, "password");
    const recoveryCodes = newRecoveryCodes();
    // Only while two-factor is on and the set is still the one read: of two requests at once one replaces
    // it, the other answers 409, so every set of codes answered is the set that works.
    await runGuardedBatch(
      ctx.env.DB,
      [
        ctx.env.DB.prepare(
          `UPDATE users SET updatedAt = ?2 WHERE userId = ?1 AND twoFactorEnabled = 1 AND (${RECOVERY_CODE_SET_SQL}) IS ?3`,
        ).bind(user.userId, nowIso(), current),
        abortUnlessChanged(ctx.env.DB),
        ...(await replaceRecoveryCodes(ctx.db, ctx.env.SESSION_PEPPER, user.userId, recoveryCodes)),
        audit(domainOf(ctx), { action: "two-factor-recovery-codes", subject: "User", subjectId: user.userId }),
      ],
      async () =>
        (await ctx.db.selectFrom("users").select("twoFactorEnabled").where("userId", "=", user.userId).executeTakeFirstOrThrow())
          .twoFactorEnabled === 1
          ? conflict("recoveryCodesChanged", "recovery_codes_changed")
          : conflict("twoFactorNotOn", "two_factor_off"),
    );
    return json({ message: success(ctx, "recoveryCodesMade"), recoveryCodes });
  },
});

const twoFactorDisable = route(accountCalls["two-factor-disable"], {
  async handler(ctx, { password }) {
    const user = requireUser(ctx);
    await assertCurrentPassword(ctx.db, user.userId, password, ctx.env.SESSION_PEPPER, "password");
    // Once: a second request at the same time finds nothing left to turn off.
    await runGuardedBatch(
      ctx.env.DB,
      [
        turnTwoFactorOff(ctx.db, user.userId),
        abortUnlessChanged(ctx.env.DB),
        clearRecoveryCodes(ctx.db, user.userId),
        audit(domainOf(ctx), { action: "two-factor-disable", subject: "User", subjectId: user.userId }),
      ],
      () => conflict("twoFactorNotOn", "two_factor_off"),
    );
    return json({ message: success(ctx, "twoFactorOff") });
  },
});

/**
 * Whose sessions a call is about: the caller's own, or (for someone who manages users) the given
 * user's. A client naming another user gets "not found", never a hint that the user exists.
 */
function sessionOwner(ctx: Ctx, userId: number | undefined): number {
  const user = requireUser(ctx);
  if (userId === undefined || userId === user.userId) return user.userId;
  if (!ctx.ability.can("manage", "User")) throw notFound("noSuchSession");
  return userId;
}

interface SessionRow {
  sessionId: number;
  userAgent: string;
  ip: string;
  createdAt: string;
  lastSeenAt: number;
  rememberMe: number;
}

const searchSession = route(accountCalls["search-session"], {
  async handler(ctx, { userId: wanted, page, limit }) {
    const userId = sessionOwner(ctx, wanted);
    const { query, ...options } = sessionList(ctx.db, userId);
    const found = await listPage<SessionRow>(ctx.db, query, { ...options, window: { page, limit } });
    const rows = found.rows;
    const data = rows.map((s) => ({
      ...s,
      rememberMe: s.rememberMe === 1,
      lastSeenAt: new Date(s.lastSeenAt * 1000).toISOString(),
      current: s.sessionId === ctx.sessionId,
    }));
    return list(data, found, page, limit);
  },
});

const revokeSession = route(accountCalls["revoke-session"], {
  async handler(ctx, { sessionId, userId: wanted }) {
    const userId = sessionOwner(ctx, wanted);
    // Only sessions of that user: another user's session id is "not found", never "forbidden".
    const removed = await ctx.db
      .deleteFrom("sessions")
      .where("sessionId", "=", sessionId)
      .where("userId", "=", userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) throw notFound("noSuchSession");
    if (userId !== ctx.user?.userId) {
      await audit(domainOf(ctx), {
        action: "revoke-session",
        subject: "User",
        subjectId: userId,
        detail: { sessionId },
      }).execute();
    }
    return json({ message: success(ctx, "sessionSignedOut") });
  },
});

export const routes = [
  forgotPassword,
  resetPassword,
  verifyEmail,
  resendVerification,
  changePassword,
  twoFactorSetup,
  twoFactorEnable,
  twoFactorRecoveryCodes,
  twoFactorDisable,
  searchSession,
  revokeSession,
];
