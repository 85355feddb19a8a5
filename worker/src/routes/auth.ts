import type { AppRule } from "../auth/ability";
import { burnPasswordCheck, hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "../auth/password";
import { sha256Hex } from "../auth/crypto";
import { unseal } from "../auth/secretbox";
import { passkeyChallengeExpired, passkeyRefused, relyingParty, verifyAssertion } from "../auth/passkeys";
import {
  clearSessionCookie,
  clearStaffCookie,
  newSession,
  readCookie,
  roleRules,
  SESSION_COOKIE,
  sessionCookie,
} from "../auth/session";
import {
  claimAttempt,
  claimSignIn,
  clearEmailFailures,
  forgetAttempts,
  signInState,
  type ClaimedAttempt,
  type HumanCheck,
} from "../auth/throttle";
import { requireHuman } from "../auth/turnstile";
import { claimTotpStep, codeUsed, totpStep } from "../auth/totp";
import { issueToken } from "../auth/tokens";
import { nowIso, nowSeconds, prepare, runBatch } from "../db";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import { audit } from "../domain/audit";
import { endViewAs, viewAsState } from "../domain/viewas/sessions";
import { verificationMail } from "../domain/users/mails";
import { recoverySignIn } from "../domain/users/recovery";
import { referrerOfCode, tieReferral } from "../domain/referrals/codes";
import { referralRewardsOf } from "../http/referral-rewards";
import { SETTINGS_COLUMNS, settingsView, type NotificationSettings, type SettingsRow } from "../domain/notifications/settings";
import { toUserData, toUserView, userViewOf, type UserData } from "../domain/users/view";
import { domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { badRequest, conflict, forbidden, HttpError, msg, requiredField, tooManyRequests, unauthorized } from "../errors";
import { storeDefaultsOf, termsOf, turnstileOf } from "../http/settings";
import { loadStoreSettings } from "../domain/storesettings/settings";
import { json, success } from "../http/respond";
import { route } from "../http/route";
import { queueMail } from "../domain/outbox/queue";
import { requestLanguage } from "../http/language";
import { authCalls } from "../contract/auth";
import { passkeyCalls } from "../contract/passkeys";
import { dispatchSoon } from "../domain/outbox/dispatch";
import { mailQueueOf } from "../http/settings";
import { savedPortal } from "../domain/mailtemplates/portal";

const CHALLENGE_ATTEMPTS = 5;
const challengeExpired = () => new HttpError(401, "challenge_expired", "signInExpired");
/** A recovery code that is none of the user's unused ones (a used code is gone): one answer for both. */
const wrongRecoveryCode = () => new HttpError(401, "wrong_recovery_code", "wrongRecoveryCode", "recoveryCode");

interface SignInOptions {
  /** More statements for the sign-in batch. */
  extra?: D1PreparedStatement[];
  /** Conditional statements, each followed by `abortUnlessChanged`, run first: no session unless all change a row. */
  claims?: D1PreparedStatement[];
  /** The error answered when a claim changed nothing. */
  onClaimFailed?: () => Promise<HttpError>;
  /** What the sign-in's audit row says of how it was made (a passkey's id). */
  auditDetail?: Record<string, unknown>;
}

/** Starts a session: stores it, rotates away any session the request came with, answers like `me`. */
async function signIn(ctx: Ctx, userId: number, role: string, rememberMe: boolean, email: string, options: SignInOptions = {}) {
  const session = await newSession(ctx.env.DB, { userId, role, rememberMe, userAgent: ctx.userAgent, ip: ctx.ip });
  const statements = [
    ...(options.claims ?? []),
    session.statement,
    clearEmailFailures(ctx.env.DB, email, ctx.ip),
    ...(options.extra ?? []),
  ];
  const previous = readCookie(ctx.request, SESSION_COOKIE);
  if (previous) {
    statements.push(ctx.env.DB.prepare("DELETE FROM sessions WHERE tokenHash = ?1").bind(await sha256Hex(previous)));
  }
  // Mails an admin sends this user later (invoices) follow the language the user signs in with.
  const language = requestLanguage(ctx.request);
  if (language) {
    statements.push(
      ctx.env.DB.prepare("UPDATE users SET mailLanguage = ?2 WHERE userId = ?1 AND mailLanguage <> ?2").bind(userId, language),
    );
  }
  // The row names the user signing in: the request has no user yet.
  const actor = { userId, email, ip: ctx.ip, agent: null };
  statements.push(
    prepare(
      ctx.env.DB,
      audit({ db: ctx.db, actor }, { action: "login", subject: "User", subjectId: userId, detail: options.auditDetail }),
    ),
  );
  if (options.claims?.length) await runGuardedBatch(ctx.env.DB, statements, options.onClaimFailed ?? (() => unauthorized()));
  else await ctx.env.DB.batch(statements);
  ctx.cookies.push(sessionCookie(session.token, ctx.secure, session.maxAge));
  return json({
    message: success(ctx, "signedIn"),
    ...(await signedInAs(ctx, userId, await roleRules(ctx.env.DB, role, userId))),
  });
}

/** What signing in answers: the user and their rules; `me` adds the notification settings (same statement). */
async function signedInAs(
  ctx: Ctx,
  userId: number,
  userAbilityRules: AppRule[],
): Promise<{ userData: UserData; userAbilityRules: AppRule[] }>;
async function signedInAs(
  ctx: Ctx,
  userId: number,
  userAbilityRules: AppRule[],
  withSettings: true,
): Promise<{ userData: UserData; userAbilityRules: AppRule[]; notificationSettings: NotificationSettings }>;
async function signedInAs(ctx: Ctx, userId: number, userAbilityRules: AppRule[], withSettings = false) {
  const row = (await userViewOf(ctx.db, userId)
    .select(SETTINGS_COLUMNS.map((column) => `u.${column}` as const))
    .executeTakeFirst()) as (Parameters<typeof toUserView>[0] & SettingsRow & { recoveryCodesLeft: number }) | undefined;
  if (!row) throw unauthorized();
  const {
    recoveryCodesLeft,
    lowBalanceThreshold,
    mailSubscriptionEnding,
    mailPaymentReminder,
    mailLowBalance,
    mailJobDone,
    ...userRow
  } = row;
  const settings = { lowBalanceThreshold, mailSubscriptionEnding, mailPaymentReminder, mailLowBalance, mailJobDone };
  return {
    userData: toUserData(toUserView(userRow), recoveryCodesLeft),
    userAbilityRules,
    ...(withSettings ? { notificationSettings: settingsView(settings) } : {}),
  };
}

/** A failed sign-in's audit row; the attempt itself was counted before its secret was checked. */
async function recordFailure(ctx: Ctx, email: string, reason: string) {
  await audit(domainOf(ctx), { action: "login", subject: "User", outcome: "failed", detail: { email, reason } }).execute();
}

/**
 * Counts this sign-in before its password is checked, or refuses it: 429 when tried too soon after failures
 * of the same email from the same address, or (Turnstile off) too soon after the address's last failure once
 * it failed often; with Turnstile on a targeted email or a busy address is asked for a token instead
 * (auth/throttle.ts). Answers the counted rows, taken back if the password is right.
 */
async function claimSignInAttempt(ctx: Ctx, email: string, turnstileToken: string | undefined): Promise<ClaimedAttempt[]> {
  const turnstile = turnstileOf(ctx.env);
  let human: HumanCheck = turnstile ? "unchecked" : "off";
  // A second round only after a token passed, or when the counts changed between the claim and the read.
  for (let round = 0; round < 2; round++) {
    const claimed = await claimSignIn(ctx.env.DB, email, ctx.ip, human);
    if (claimed) return claimed;
    const state = await signInState(ctx.env.DB, email, ctx.ip);
    if (state.waitSeconds > 0) {
      throw tooManyRequests(msg("signInWait", { seconds: state.waitSeconds }), state.waitSeconds);
    }
    if (turnstile && human === "unchecked" && (state.emailTargeted || state.addressExhausted)) {
      await requireHuman(turnstile, turnstileToken, ctx.ip);
      human = "checked";
    } else if (!turnstile && state.addressWaitSeconds > 0) {
      throw tooManyRequests(msg("addressSignInWait", { seconds: state.addressWaitSeconds }), state.addressWaitSeconds);
    }
  }
  throw tooManyRequests(msg("signInWait", { seconds: 1 }), 1);
}

const login = route(authCalls.login, {
  async handler(ctx, { email, password, rememberMe, turnstileToken }) {
    const attempt = await claimSignInAttempt(ctx, email, turnstileToken);
    const user = await ctx.db
      .selectFrom("users")
      .select(["userId", "userRole", "userIsActive", "twoFactorEnabled", "passwordHash", "passwordSalt", "passwordIterations"])
      .where("userEmail", "=", email)
      .where("deletedAt", "is", null)
      .executeTakeFirst();
    if (!user) {
      await burnPasswordCheck(password, ctx.env.SESSION_PEPPER);
      await recordFailure(ctx, email, "unknown_email");
      throw unauthorized("wrongCredentials");
    }
    if (!(await verifyPassword(password, user, ctx.env.SESSION_PEPPER))) {
      await recordFailure(ctx, email, "wrong_password");
      throw unauthorized("wrongCredentials");
    }
    if (user.userIsActive !== 1) {
      await recordFailure(ctx, email, "inactive");
      throw forbidden("accountDeactivated", "account_inactive");
    }
    const rehash: D1PreparedStatement[] = [];
    if (user.passwordIterations < PBKDF2_ITERATIONS) {
      const fresh = await hashPassword(password, ctx.env.SESSION_PEPPER);
      rehash.push(prepare(ctx.env.DB, ctx.db.updateTable("users").set(fresh).where("userId", "=", user.userId)));
    }
    if (user.twoFactorEnabled === 1) {
      const { token, insert } = await issueToken(ctx.db, user.userId, "two_steps", JSON.stringify({ rememberMe }));
      await runBatch(ctx.env.DB, [
        insert,
        ...rehash,
        clearEmailFailures(ctx.env.DB, email, ctx.ip),
        forgetAttempts(ctx.env.DB, attempt),
      ]);
      return json({ twoFactorRequired: true as const, challenge: token });
    }
    return signIn(ctx, user.userId, user.userRole, rememberMe, email, {
      extra: [...rehash, forgetAttempts(ctx.env.DB, attempt)],
    });
  },
});

const twoSteps = route(authCalls["two-steps"], {
  async handler(ctx, { challenge, code, recoveryCode }) {
    if (code === undefined && recoveryCode === undefined) throw requiredField("code");
    if (code !== undefined && recoveryCode !== undefined) throw badRequest("codeOrRecoveryCode", "invalid_input", "recoveryCode");
    const challengeHash = await sha256Hex(challenge);
    const attemptKey = `challenge:${challengeHash}`;
    const found = await ctx.env.DB.prepare(
      `SELECT t.userId, t.detail, u.userRole, u.userEmail, u.twoFactorSecret
         FROM auth_tokens t JOIN users u ON u.userId = t.userId
        WHERE t.tokenHash = ?1 AND t.purpose = 'two_steps' AND t.usedAt IS NULL AND t.expiresAt > ?2
          AND u.userIsActive = 1 AND u.deletedAt IS NULL`,
    )
      .bind(challengeHash, nowSeconds())
      .first<{
        userId: number;
        detail: string | null;
        userRole: string;
        userEmail: string;
        twoFactorSecret: string | null;
      }>();
    if (!found || !found.twoFactorSecret) throw challengeExpired();
    // Counted before the code is checked: concurrent guesses on one challenge get no more tries than sequential ones.
    if (!(await claimAttempt(ctx.env.DB, attemptKey, CHALLENGE_ATTEMPTS))) throw tooManyRequests("tooManyWrongCodes");
    const secondStep =
      recoveryCode !== undefined
        ? await recoveryStep(ctx, found.userId, found.userEmail, recoveryCode)
        : totpClaim(ctx, found.userId, await unseal(found.twoFactorSecret, ctx.env.VENDOR_SECRET_KEYS), code!);
    if (secondStep === null) {
      throw recoveryCode !== undefined ? wrongRecoveryCode() : new HttpError(401, "wrong_code", "wrongCode", "code");
    }
    const { rememberMe } = JSON.parse(found.detail ?? "{}") as { rememberMe?: boolean };
    // One batch: the challenge is used once and the second step once (a replayed or concurrent code
    // changes no row, the guard rolls the batch back), or no session is made.
    return signIn(ctx, found.userId, found.userRole, rememberMe === true, found.userEmail, {
      claims: [
        ctx.env.DB.prepare("UPDATE auth_tokens SET usedAt = ?2 WHERE tokenHash = ?1 AND usedAt IS NULL").bind(
          challengeHash,
          nowSeconds(),
        ),
        abortUnlessChanged(ctx.env.DB),
        secondStep.claim,
        abortUnlessChanged(ctx.env.DB),
      ],
      extra: secondStep.extra,
      onClaimFailed: async () => {
        const token = await ctx.env.DB.prepare("SELECT usedAt FROM auth_tokens WHERE tokenHash = ?1")
          .bind(challengeHash)
          .first<{ usedAt: number | null }>();
        if (token?.usedAt != null) return challengeExpired();
        return recoveryCode !== undefined ? wrongRecoveryCode() : codeUsed();
      },
    });
  },
});

/** A TOTP code's time step to claim, or null for a wrong code. */
function totpClaim(ctx: Ctx, userId: number, secret: string, code: string) {
  const step = totpStep(secret, code);
  return step === null ? null : { claim: claimTotpStep(ctx.env.DB, userId, step), extra: [] };
}

/** A recovery code to use up, with its audit row and security notice, or null for a wrong or used one. */
async function recoveryStep(ctx: Ctx, userId: number, email: string, typed: string) {
  // The actor is the user signing in: the request has no user yet.
  const context = { db: ctx.db, d1: ctx.env.DB, actor: { userId, email, ip: ctx.ip, agent: null } };
  return recoverySignIn(
    context,
    await savedPortal(ctx.db, portalOf(ctx), storeDefaultsOf(ctx.env)),
    ctx.env.SESSION_PEPPER,
    { userId, email },
    typed,
    requestLanguage(ctx.request),
  );
}

const register = route(authCalls.register, {
  async handler(ctx, input) {
    // With published terms, an account exists only with their acceptance on record.
    const terms = termsOf(ctx.env);
    if (terms && input.acceptTerms !== true) throw badRequest("acceptTermsRequired", "terms_not_accepted", "acceptTerms");
    const turnstile = turnstileOf(ctx.env);
    if (turnstile) await requireHuman(turnstile, input.turnstileToken, ctx.ip);
    const taken = await ctx.db.selectFrom("users").select("userId").where("userEmail", "=", input.userEmail).executeTakeFirst();
    if (taken) throw conflict("emailTaken", "email_taken", "userEmail");
    // An unknown referral code is refused before the account exists: bad input changes nothing.
    if (input.referralCode !== undefined && !(await referrerOfCode(ctx.db, input.referralCode))) {
      throw badRequest("noSuchReferralCode", "no_such_referral_code", "referralCode");
    }
    const hash = await hashPassword(input.password, ctx.env.SESSION_PEPPER);
    let userId: number;
    try {
      const created = await ctx.db
        .insertInto("users")
        .values({
          userName: input.userName,
          userEmail: input.userEmail,
          userPhone: input.userPhone,
          userRole: "client",
          ...hash,
          userImage: null,
          twoFactorSecret: null,
          deletedAt: null,
          termsVersion: terms?.version ?? null,
          termsAcceptedAt: terms ? nowIso() : null,
        })
        .returning("userId")
        .executeTakeFirstOrThrow();
      userId = created.userId;
    } catch (error) {
      if (String(error).includes("UNIQUE")) throw conflict("emailTaken", "email_taken", "userEmail");
      throw error;
    }
    if (input.referralCode !== undefined)
      await tieReferral(
        ctx.db,
        userId,
        input.referralCode,
        referralRewardsOf(await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env))),
      );
    const { token, insert } = await issueToken(ctx.db, userId, "verify");
    await runBatch(ctx.env.DB, [
      insert,
      queueMail(
        ctx.db,
        verificationMail(
          await savedPortal(ctx.db, portalOf(ctx), storeDefaultsOf(ctx.env)),
          input.userEmail,
          input.userName,
          token,
          requestLanguage(ctx.request) ?? "en",
        ),
      ),
    ]);
    dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
    return signIn(ctx, userId, "client", false, input.userEmail);
  },
});

const logout = route(authCalls.logout, {
  async handler(ctx) {
    const user = requireUser(ctx);
    // Signing out of a view-as ends it (and its session); a staff cookie left in this browser goes too.
    if (ctx.viewAs) await endViewAs(domainOf(ctx), ctx.viewAs.viewAsId, user.userId, "logout", nowSeconds());
    else await ctx.env.DB.prepare("DELETE FROM sessions WHERE sessionId = ?1").bind(ctx.sessionId).run();
    ctx.cookies.push(clearSessionCookie(ctx.secure), clearStaffCookie(ctx.secure));
    return json({ message: success(ctx, "signedOut") });
  },
});

const me = route(authCalls.me, {
  async handler(ctx) {
    const user = requireUser(ctx);
    // The session already carries the role's rules: one query less on every page load.
    const answer = await signedInAs(ctx, user.userId, ctx.rules, true);
    return json(ctx.viewAs ? { ...answer, viewAs: viewAsState(ctx.viewAs) } : answer);
  },
});

/** The user a passkey signs in, when the account may still sign in. */
async function passkeyUser(ctx: Ctx, userId: number) {
  const user = await ctx.db
    .selectFrom("users")
    .select(["userId", "userRole", "userEmail", "userIsActive"])
    .where("userId", "=", userId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!user) throw passkeyRefused();
  if (user.userIsActive !== 1) throw forbidden("accountDeactivated", "account_inactive");
  return user;
}

const passkeyLogin = route(passkeyCalls["passkey-login"], {
  async handler(ctx, { response, rememberMe }) {
    const rp = relyingParty(ctx.url, ctx.env.SITE_NAME, ctx.env.SITE_URL);
    const assertion = await verifyAssertion(ctx.env.DB, rp, response, "login");
    const user = await passkeyUser(ctx, assertion.userId);
    // A verified passkey is both factors: no TOTP code is asked after it.
    return signIn(ctx, user.userId, user.userRole, rememberMe, user.userEmail, {
      claims: [assertion.claim, abortUnlessChanged(ctx.env.DB)],
      onClaimFailed: async () => passkeyRefused(),
      auditDetail: { passkeyId: assertion.passkeyId },
    });
  },
});

const twoStepsPasskey = route(passkeyCalls["two-steps-passkey"], {
  async handler(ctx, { challenge, response }) {
    const challengeHash = await sha256Hex(challenge);
    const rp = relyingParty(ctx.url, ctx.env.SITE_NAME, ctx.env.SITE_URL);
    const assertion = await verifyAssertion(ctx.env.DB, rp, response, "second_step");
    // The passkey's challenge was made for this sign-in's challenge, and for its user.
    if (assertion.detail !== challengeHash) throw passkeyChallengeExpired();
    const found = await ctx.env.DB.prepare(
      `SELECT t.detail FROM auth_tokens t
        WHERE t.tokenHash = ?1 AND t.userId = ?2 AND t.purpose = 'two_steps' AND t.usedAt IS NULL AND t.expiresAt > ?3`,
    )
      .bind(challengeHash, assertion.userId, nowSeconds())
      .first<{ detail: string | null }>();
    if (!found) throw challengeExpired();
    const user = await passkeyUser(ctx, assertion.userId);
    const { rememberMe } = JSON.parse(found.detail ?? "{}") as { rememberMe?: boolean };
    return signIn(ctx, user.userId, user.userRole, rememberMe === true, user.userEmail, {
      claims: [
        ctx.env.DB.prepare("UPDATE auth_tokens SET usedAt = ?2 WHERE tokenHash = ?1 AND usedAt IS NULL").bind(
          challengeHash,
          nowSeconds(),
        ),
        abortUnlessChanged(ctx.env.DB),
        assertion.claim,
        abortUnlessChanged(ctx.env.DB),
      ],
      onClaimFailed: async () => challengeExpired(),
      auditDetail: { passkeyId: assertion.passkeyId },
    });
  },
});

export const routes = [login, twoSteps, register, logout, me, passkeyLogin, twoStepsPasskey];
