import { sql } from "kysely";
import { z } from "zod";
import { hashPassword } from "../auth/password";
import { issueToken } from "../auth/tokens";
import { changes, nowIso, runBatch } from "../db";
import { userListQueries } from "../domain/users/list";
import { selectUserView, toUserView, type UserView } from "../domain/users/view";
import { pageWindow, totalOf } from "../db/counts";
import { actorOf, auditQuery, requireUser, type Ctx } from "../http/context";
import { badRequest, conflict, forbidden, notFound, requiredField } from "../errors";
import * as f from "../http/fields";
import { json, list } from "../http/respond";
import { route } from "../http/route";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import { queueMail } from "../domain/outbox/queue";
import { bodyLimitFor, imageUrl, storeUpload } from "../domain/storage/files";
import { isLanguage, type Language } from "../errors/language";
import { verificationMail } from "./mails";

const languageOr = (stored: string): Language => (isLanguage(stored) ? stored : "en");

const LAST_ADMIN = "The last active admin cannot be removed, demoted or deactivated.";

/** SQL: another active admin than `userId` exists (the last-admin rule). */
const otherAdminExists = (userId: number) =>
  sql<boolean>`EXISTS (SELECT 1 FROM users o WHERE o.userRole = 'admin' AND o.userIsActive = 1
      AND o.deletedAt IS NULL AND o.userId <> ${userId})`;

/** selectedStatus accepts "active"/"inactive", booleans or 1/0; blank means any. */
const statusFilter = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "" || v === "all") return undefined;
    if (v === "active" || v === true || v === "true" || v === 1 || v === "1") return 1;
    if (v === "inactive" || v === false || v === "false" || v === 0 || v === "0") return 0;
    return v;
  },
  z.union([z.literal(0), z.literal(1)]).optional(),
);

const optionalFilter = z.preprocess(
  (v) => (v === null || v === undefined || v === "all" ? "" : typeof v === "number" ? String(v) : v),
  z.string().trim().max(100),
);

const searchUser = route({
  name: "searchuser",
  access: ["read", "User"],
  schema: z.object({
    search: f.search(),
    selectedRole: optionalFilter,
    selectedPlan: optionalFilter,
    selectedStatus: statusFilter,
    // Not in the original contract: the user view loads one user by id through the same call.
    userId: f.id().optional(),
    ...f.paging(10),
  }),
  async handler(ctx, input) {
    const { page, limit } = input;
    const queries = userListQueries(
      ctx.db,
      {
        search: input.search,
        userId: input.userId,
        role: input.selectedRole,
        status: input.selectedStatus,
        plan: input.selectedPlan,
      },
      pageWindow(page, limit),
    );
    const [rows, total] = await runBatch(ctx.env.DB, [queries.page, queries.total]);
    const data = (rows!.results as unknown as UserViewRow[]).map(toUserView);
    return list(data, totalOf(total), page, limit);
  },
});

type UserViewRow = Parameters<typeof toUserView>[0];

/** The stored fields of a user the rules below look at. */
async function loadTarget(ctx: Ctx, userId: number) {
  const target = await ctx.db
    .selectFrom("users")
    .select(["userId", "userRole", "userIsActive", "userEmail", "userQuota", "mailLanguage"])
    .where("userId", "=", userId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!target) throw notFound("No such user.");
  return target;
}

async function viewOf(ctx: Ctx, userId: number): Promise<UserView> {
  const found = await selectUserView(ctx.db).where("u.userId", "=", userId).executeTakeFirstOrThrow();
  return toUserView(found);
}

const optionalPassword = z.preprocess((v) => (v === "" || v === null ? undefined : v), f.password().optional());
const optionalBool = z.preprocess((v) => (v === "" || v === null ? undefined : v), f.bool().optional());
const optionalInt = z.preprocess((v) => (v === "" || v === null ? undefined : v), f.int(0, 1_000_000_000).optional());

const updateUser = route({
  name: "updateuser",
  access: "signedIn",
  maxBody: bodyLimitFor("image"),
  schema: z.object({
    userId: f.idOrNew(),
    userImageNew: f.optionalFile(),
    userName: f.text(100),
    userEmail: f.email(),
    userPW: optionalPassword,
    userIsActive: optionalBool,
    userRole: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().max(40).optional()),
    userPhone: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(40).optional()),
    userQuota: optionalInt,
  }),
  async handler(ctx, input) {
    const me = requireUser(ctx);
    const isAdmin = ctx.ability.can("update", "User");
    if (!isAdmin) {
      if (input.userId !== me.userId || !ctx.ability.can("update", "Profile")) {
        throw forbidden("You may only edit your own profile.");
      }
      if (input.userRole !== undefined || input.userIsActive !== undefined || input.userQuota !== undefined) {
        throw forbidden("Only an admin may change a role, a status or a quota.", "admin_only_field");
      }
      // A new password needs the current one (change-password); a borrowed session must not be enough.
      if (input.userPW !== undefined) {
        throw forbidden("Change your password from the security settings.", "use_change_password");
      }
    }
    const isNew = input.userId === 0;
    const target = isNew ? null : await loadTarget(ctx, input.userId);
    if (input.userQuota !== undefined && input.userQuota !== (target?.userQuota ?? 0)) {
      throw badRequest("Change the quota with an adjustment, so the ledger records it.", "use_adjust_quota", "userQuota");
    }
    const role = input.userRole ?? target?.userRole ?? "client";
    const active = input.userIsActive ?? (target ? target.userIsActive === 1 : true);
    if (isNew && !input.userPW) throw requiredField("userPW");
    if (role !== target?.userRole) {
      const exists = await ctx.db.selectFrom("roles").select("roleId").where("roleName", "=", role).executeTakeFirst();
      if (!exists) throw badRequest("This role does not exist.", "unknown_role", "userRole");
    }
    const taken = await ctx.db
      .selectFrom("users")
      .select("userId")
      .where("userEmail", "=", input.userEmail)
      .where("userId", "!=", input.userId)
      .executeTakeFirst();
    if (taken) throw conflict("An account with this email already exists.", "email_taken", "userEmail");
    const losesAdmin = target?.userRole === "admin" && target.userIsActive === 1 && (role !== "admin" || !active);
    if (target && target.userId === me.userId && (role !== target.userRole || !active)) {
      throw conflict("You cannot change your own role or deactivate yourself.", "self_change");
    }

    const emailChanged = target !== null && target.userEmail.toLowerCase() !== input.userEmail;
    const image = input.userImageNew ? await storeUpload(ctx.env.FILES, input.userImageNew, "image", "userImageNew") : null;
    const hash = input.userPW ? await hashPassword(input.userPW, ctx.env.SESSION_PEPPER) : null;
    const fields = {
      userName: input.userName,
      userEmail: input.userEmail,
      ...(input.userPhone !== undefined ? { userPhone: input.userPhone } : {}),
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
          ctx.db.insertInto("audit_log").values({
            ...actorOf(ctx),
            action: "create-user",
            subject: "User",
            subjectId: sql<string>`CAST(last_insert_rowid() AS TEXT)`,
            detail: JSON.stringify(detail),
          }),
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
        // Deactivation and a new password end the user's sessions in the same transaction.
        const endSessions = !active || hash !== null;
        // A new address gets a fresh verification link.
        const verify = emailChanged ? await issueToken(ctx.db, userId, "verify") : null;
        await runGuardedBatch(
          ctx.env.DB,
          [
            update,
            abortUnlessChanged(ctx.env.DB),
            ...(endSessions ? [ctx.db.deleteFrom("sessions").where("userId", "=", userId)] : []),
            ...(verify
              ? [
                  verify.insert,
                  // In the user's own language (stored at their last sign-in), not the admin's.
                  queueMail(
                    ctx.db,
                    verificationMail(ctx, input.userEmail, input.userName, verify.token, languageOr(target.mailLanguage)),
                  ),
                ]
              : []),
            auditQuery(ctx, { action: "update-user", subject: "User", subjectId: userId, detail }),
          ],
          () => conflict(LAST_ADMIN, "last_admin"),
        );
      }
    } catch (error) {
      if (String(error).includes("UNIQUE")) {
        throw conflict("An account with this email already exists.", "email_taken", "userEmail");
      }
      throw error;
    }
    const user = await viewOf(ctx, userId);
    return json({
      message: isNew ? "User created successfully!" : "User updated successfully!",
      user,
      newImage: image ? imageUrl(image.key) : null,
    });
  },
});

const deleteUser = route({
  name: "deleteuser",
  access: ["delete", "User"],
  schema: z.object({ userId: f.id() }),
  async handler(ctx, { userId }) {
    const me = requireUser(ctx);
    if (userId === me.userId) throw conflict("You cannot delete your own account.", "self_delete");
    const target = await loadTarget(ctx, userId);
    let update = ctx.db
      .updateTable("users")
      .set({
        deletedAt: nowIso(),
        updatedAt: nowIso(),
        userIsActive: 0,
        // Frees the address for a new account; payments, invoices, ledger and history keep the id.
        userEmail: `deleted-${userId}@deleted.invalid`,
        userPhone: "",
        twoFactorEnabled: 0,
        twoFactorSecret: null,
      })
      .where("userId", "=", userId)
      .where("deletedAt", "is", null);
    if (target.userRole === "admin" && target.userIsActive === 1) update = update.where(otherAdminExists(userId));
    await runGuardedBatch(
      ctx.env.DB,
      [
        update,
        abortUnlessChanged(ctx.env.DB),
        ctx.db.deleteFrom("sessions").where("userId", "=", userId),
        ctx.db.deleteFrom("carts").where("userId", "=", userId),
        ctx.db.deleteFrom("auth_tokens").where("userId", "=", userId),
        auditQuery(ctx, { action: "delete-user", subject: "User", subjectId: userId, detail: { userEmail: target.userEmail } }),
      ],
      () => conflict(LAST_ADMIN, "last_admin"),
    );
    return json({ message: "User deleted successfully!" });
  },
});

const MAX_ADJUST = 1_000_000;

const adjustQuota = route({
  name: "adjust-quota",
  access: ["update", "Quota"],
  schema: z.object({
    userId: f.id(),
    delta: f.int(-MAX_ADJUST, MAX_ADJUST).refine((d) => d !== 0, { message: "must not be 0" }),
    reason: f.text(200),
  }),
  async handler(ctx, { userId, delta, reason }) {
    await loadTarget(ctx, userId);
    const actor = actorOf(ctx);
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
        .bind(userId, delta, reason, actor.actorId),
      d1
        .prepare(
          `INSERT INTO audit_log (actorId, actorEmail, ip, action, subject, subjectId, detail)
           SELECT ?1, ?2, ?3, 'adjust-quota', 'Quota', ?4, ?5 WHERE changes() = 1`,
        )
        .bind(actor.actorId, actor.actorEmail, actor.ip, String(userId), JSON.stringify({ delta, reason })),
      d1.prepare("SELECT userQuota FROM users WHERE userId = ?1").bind(userId),
    ]);
    if (changes(updated) === 0) throw conflict("The quota cannot go below zero.", "quota_below_zero", "delta");
    return json({ message: "Quota adjusted.", userQuota: after!.results[0]!.userQuota });
  },
});

const resetTwoFactor = route({
  name: "reset-two-factor",
  access: ["update", "User"],
  schema: z.object({ userId: f.id() }),
  async handler(ctx, { userId }) {
    await loadTarget(ctx, userId);
    await runBatch(ctx.env.DB, [
      ctx.db.updateTable("users").set({ twoFactorEnabled: 0, twoFactorSecret: null }).where("userId", "=", userId),
      auditQuery(ctx, { action: "reset-two-factor", subject: "User", subjectId: userId }),
    ]);
    return json({ message: "Two-factor authentication was reset." });
  },
});

export const usersRoutes = [searchUser, updateUser, deleteUser, adjustQuota, resetTwoFactor];
