import { sql } from "kysely";
import { assertCurrentPassword } from "../auth/current-password";
import { hashPassword } from "../auth/password";
import { clearRecoveryCodes } from "../auth/recovery-codes";
import { newSession, sessionCookie } from "../auth/session";
import { issueToken } from "../auth/tokens";
import { turnTwoFactorOff } from "../auth/totp";
import { changes, nowIso, runBatch } from "../db";
import { listPage } from "../db/list";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import { audit, insertedRowId, oneRowChanged } from "../domain/audit";
import { dispatchSoon } from "../domain/outbox/dispatch";
import { queueMail } from "../domain/outbox/queue";
import { imageUrl, storeUpload } from "../domain/storage/files";
import { closeAccount } from "../domain/users/closure";
import { verificationMail } from "../domain/users/mails";
import { userList } from "../domain/users/list";
import { selectUserView, toUserView, type UserView } from "../domain/users/view";
import { badRequest, conflict, forbidden, notFound, requiredField } from "../errors";
import { isLanguage, type Language } from "../errors/language";
import { actorOf, domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { mailQueueOf } from "../http/settings";
import { ADDRESS_LIMITS, userCalls } from "../contract/users";
import { savedPortal } from "../domain/mailtemplates/portal";
import { storeDefaultsOf } from "../http/settings";

const languageOr = (stored: string): Language => (isLanguage(stored) ? stored : "en");

/** SQL: another active admin than `userId` exists (the last-admin rule). */
const otherAdminExists = (userId: number) =>
  sql<boolean>`EXISTS (SELECT 1 FROM users o WHERE o.userRole = 'admin' AND o.userIsActive = 1
      AND o.deletedAt IS NULL AND o.userId <> ${userId})`;

const searchUser = route(userCalls.searchuser, {
  async handler(ctx, input) {
    const { query, ...options } = userList(ctx.db, {
      search: input.search,
      userId: input.userId,
      role: input.selectedRole,
      status: input.selectedStatus,
      plan: input.selectedPlan,
    });
    const page = await listPage<UserViewRow>(ctx.db, query, { ...options, window: input });
    return list(page.rows.map(toUserView), page, input.page, input.limit);
  },
});

type UserViewRow = Parameters<typeof toUserView>[0];

type AddressField = keyof typeof ADDRESS_LIMITS;
type Address = Partial<Record<AddressField, string>>;

const ADDRESS_FIELDS = Object.keys(ADDRESS_LIMITS) as AddressField[];

/** The address fields the body sends (blank clears one); those left out keep their stored values. */
function addressOf(input: Address): Address {
  const address: Address = {};
  for (const field of ADDRESS_FIELDS) if (input[field] !== undefined) address[field] = input[field];
  return address;
}

/** The stored fields of a user the rules below look at. */
async function loadTarget(ctx: Ctx, userId: number) {
  const target = await ctx.db
    .selectFrom("users")
    .select(["userId", "userRole", "userIsActive", "userEmail", "userQuota", "mailLanguage"])
    .where("userId", "=", userId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!target) throw notFound("noSuchUser");
  return target;
}

async function viewOf(ctx: Ctx, userId: number): Promise<UserView> {
  const found = await selectUserView(ctx.db).where("u.userId", "=", userId).executeTakeFirstOrThrow();
  return toUserView(found);
}

const updateUser = route(userCalls.updateuser, {
  async handler(ctx, input) {
    const me = requireUser(ctx);
    const isAdmin = ctx.ability.can("update", "User");
    if (!isAdmin) {
      if (input.userId !== me.userId || !ctx.ability.can("update", "Profile")) {
        throw forbidden("ownProfileOnly");
      }
      if (input.userRole !== undefined || input.userIsActive !== undefined || input.userQuota !== undefined) {
        throw forbidden("adminOnlyFields", "admin_only_field");
      }
    }
    const isNew = input.userId === 0;
    const target = isNew ? null : await loadTarget(ctx, input.userId);
    // One's own new password, admin or not, needs the current one (as change-password does).
    const ownPassword = input.userPW !== undefined && input.userId === me.userId;
    if (ownPassword) {
      if (input.currentPassword === undefined) throw requiredField("currentPassword");
      await assertCurrentPassword(ctx.db, me.userId, input.currentPassword, ctx.env.SESSION_PEPPER, "currentPassword");
    }
    if (input.userQuota !== undefined && input.userQuota !== (target?.userQuota ?? 0)) {
      throw badRequest("useQuotaAdjustment", "use_adjust_quota", "userQuota");
    }
    const role = input.userRole ?? target?.userRole ?? "client";
    const active = input.userIsActive ?? (target ? target.userIsActive === 1 : true);
    if (isNew && !input.userPW) throw requiredField("userPW");
    if (role !== target?.userRole) {
      const exists = await ctx.db.selectFrom("roles").select("roleId").where("roleName", "=", role).executeTakeFirst();
      if (!exists) throw badRequest("unknownRole", "unknown_role", "userRole");
    }
    const taken = await ctx.db
      .selectFrom("users")
      .select("userId")
      .where("userEmail", "=", input.userEmail)
      .where("userId", "!=", input.userId)
      .executeTakeFirst();
    if (taken) throw conflict("emailTaken", "email_taken", "userEmail");
    const losesAdmin = target?.userRole === "admin" && target.userIsActive === 1 && (role !== "admin" || !active);
    if (target && target.userId === me.userId && (role !== target.userRole || !active)) {
      throw conflict("noSelfChange", "self_change");
    }

    const emailChanged = target !== null && target.userEmail.toLowerCase() !== input.userEmail;
    const image = input.userImageNew ? await storeUpload(ctx.env.FILES, input.userImageNew, "image", "userImageNew") : null;
    const hash = input.userPW ? await hashPassword(input.userPW, ctx.env.SESSION_PEPPER) : null;
    const fields = {
      userName: input.userName,
      userEmail: input.userEmail,
      ...(input.userPhone !== undefined ? { userPhone: input.userPhone } : {}),
      ...addressOf(input),
      ...(image ? { userImage: image.key } : {}),
      ...(hash ?? {}),
      userRole: role,
      userIsActive: active ? 1 : 0,
      // A new address is unconfirmed until its owner verifies it.
      ...(emailChanged ? { emailVerified: 0 } : {}),
    };
    // Audit details name what changed, never the password itself.
    const detail = { userEmail: input.userEmail, userRole: role, userIsActive: active, passwordChanged: hash !== null };
    let userId: number;
    try {
      if (!target) {
        const [created] = await runBatch<{ userId: number }>(ctx.env.DB, [
          ctx.db
            .insertInto("users")
            .values({ ...fields, ...hash!, twoFactorSecret: null, deletedAt: null, userImage: image?.key ?? null })
            .returning("userId"),
          audit(domainOf(ctx), { action: "create-user", subject: "User", subjectId: insertedRowId, detail }),
        ]);
        userId = created!.results[0]!.userId;
      } else {
        userId = target.userId;
        let update = ctx.db
          .updateTable("users")
          .set({ ...fields, updatedAt: nowIso() })
          .where("userId", "=", userId)
          .where("deletedAt", "is", null);
        if (losesAdmin) update = update.where(otherAdminExists(userId));
        // Deactivation and a new password end the user's sessions in the same transaction; one's own
        // new password gives this browser a fresh session, as change-password does.
        const endSessions = !active || hash !== null;
        const fresh = ownPassword
          ? await newSession(ctx.env.DB, {
              userId,
              role: target.userRole,
              rememberMe: false,
              userAgent: ctx.userAgent,
              ip: ctx.ip,
            })
          : null;
        // A new address gets a fresh verification link.
        const verify = emailChanged ? await issueToken(ctx.db, userId, "verify") : null;
        await runGuardedBatch(
          ctx.env.DB,
          [
            update,
            abortUnlessChanged(ctx.env.DB),
            ...(endSessions ? [ctx.db.deleteFrom("sessions").where("userId", "=", userId)] : []),
            ...(fresh ? [fresh.statement] : []),
            ...(verify
              ? [
                  verify.insert,
                  // In the user's own language (stored at their last sign-in), not the admin's.
                  queueMail(
                    ctx.db,
                    verificationMail(
                      await savedPortal(ctx.db, portalOf(ctx), storeDefaultsOf(ctx.env)),
                      input.userEmail,
                      input.userName,
                      verify.token,
                      languageOr(target.mailLanguage),
                    ),
                  ),
                ]
              : []),
            audit(domainOf(ctx), { action: "update-user", subject: "User", subjectId: userId, detail }),
          ],
          () => conflict("lastAdmin", "last_admin"),
        );
        if (fresh) ctx.cookies.push(sessionCookie(fresh.token, ctx.secure, fresh.maxAge));
      }
    } catch (error) {
      if (String(error).includes("UNIQUE")) {
        throw conflict("emailTaken", "email_taken", "userEmail");
      }
      throw error;
    }
    // A changed address got a verification mail.
    dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
    const user = await viewOf(ctx, userId);
    return json({
      message: success(ctx, isNew ? "userCreated" : "userUpdated"),
      user,
      newImage: image ? imageUrl(image.key) : null,
    });
  },
});

const deleteUser = route(userCalls.deleteuser, {
  async handler(ctx, { userId }) {
    const me = requireUser(ctx);
    if (userId === me.userId) throw conflict("noSelfDelete", "self_delete");
    const target = await loadTarget(ctx, userId);
    // The same path as a client closing their own account: personal data erased, the books kept.
    await closeAccount(domainOf(ctx), ctx.env.FILES, target, {
      auditAction: "delete-user",
      lastAdminError: () => conflict("lastAdmin", "last_admin"),
    });
    return json({ message: success(ctx, "userDeleted") });
  },
});

const adjustQuota = route(userCalls["adjust-quota"], {
  async handler(ctx, { userId, delta, reason }) {
    await loadTarget(ctx, userId);
    const d1 = ctx.env.DB;
    // The ledger and audit rows are inserted only when the conditional update changed the balance.
    const [updated, , , after] = await runBatch<{ userQuota: number }>(d1, [
      d1
        .prepare(
          "UPDATE users SET userQuota = userQuota + ?1, updatedAt = ?3 WHERE userId = ?2 AND deletedAt IS NULL AND userQuota + ?1 >= 0",
        )
        .bind(delta, userId, nowIso()),
      d1
        .prepare(
          "INSERT INTO quota_ledger (userId, delta, reason, note, actorId) SELECT ?1, ?2, 'adjust', ?3, ?4 WHERE changes() = 1",
        )
        .bind(userId, delta, reason, actorOf(ctx).userId),
      audit(
        domainOf(ctx),
        { action: "adjust-quota", subject: "Quota", subjectId: userId, detail: { delta, reason } },
        oneRowChanged,
      ),
      d1.prepare("SELECT userQuota FROM users WHERE userId = ?1").bind(userId),
    ]);
    if (changes(updated) === 0) throw conflict("quotaBelowZero", "quota_below_zero", "delta");
    return json({ message: success(ctx, "quotaAdjusted"), userQuota: after!.results[0]!.userQuota });
  },
});

const resetTwoFactor = route(userCalls["reset-two-factor"], {
  async handler(ctx, { userId }) {
    await loadTarget(ctx, userId);
    // Once: a second reset at the same time finds nothing left to turn off.
    await runGuardedBatch(
      ctx.env.DB,
      [
        turnTwoFactorOff(ctx.db, userId),
        abortUnlessChanged(ctx.env.DB),
        clearRecoveryCodes(ctx.db, userId),
        audit(domainOf(ctx), { action: "reset-two-factor", subject: "User", subjectId: userId }),
      ],
      () => conflict("twoFactorNotOn", "two_factor_off"),
    );
    return json({ message: success(ctx, "twoFactorReset") });
  },
});

export const routes = [searchUser, updateUser, deleteUser, adjustQuota, resetTwoFactor];
