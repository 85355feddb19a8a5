import { sql } from "kysely";
import { runBatch } from "../db";
import { listPage } from "../db/list";
import { roleList } from "../domain/users/roles";
import { audit } from "../domain/audit";
import { domainOf } from "../http/context";
import { conflict, notFound } from "../errors";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import type { ListRowOf } from "../contract";
import { adminCalls } from "../contract/admin";

type Role = ListRowOf<"search-role">;
type RuleOut = Role["rules"][number];

const searchRole = route(adminCalls["search-role"], {
  async handler(ctx, input) {
    const { query, ...options } = roleList(ctx.db, input.search);
    const page = await listPage<Omit<Role, "builtIn" | "rules"> & { builtIn: number }>(ctx.db, query, {
      ...options,
      window: input,
    });
    const rules = page.with[0]!;
    const byRole = new Map<number, RuleOut[]>();
    for (const r of rules as unknown as (Omit<RuleOut, "inverted" | "conditions"> & {
      roleId: number;
      inverted: number;
      conditions: string | null;
    })[]) {
      const out: RuleOut = {
        action: r.action,
        subject: r.subject,
        inverted: r.inverted === 1,
        conditions: r.conditions ? (JSON.parse(r.conditions) as Record<string, unknown>) : null,
      };
      const ofRole = byRole.get(r.roleId);
      if (ofRole) ofRole.push(out);
      else byRole.set(r.roleId, [out]);
    }
    const data = page.rows.map((r) => ({
      ...r,
      builtIn: r.builtIn === 1,
      rules: byRole.get(r.roleId) ?? [],
    }));
    return list(data, page, input.page, input.limit);
  },
});

async function findRole(ctx: Parameters<(typeof searchRole)["handler"]>[0], roleId: number) {
  const role = await ctx.db
    .selectFrom("roles")
    .select(["roleId", "roleName", "builtIn"])
    .where("roleId", "=", roleId)
    .executeTakeFirst();
  if (!role) throw notFound("noSuchRole");
  if (role.builtIn === 1) throw conflict("builtInRole", "built_in");
  return role;
}

const updateRole = route(adminCalls["update-role"], {
  async handler(ctx, input) {
    const existing = input.roleId === 0 ? null : await findRole(ctx, input.roleId);
    const clash = await ctx.db
      .selectFrom("roles")
      .select("roleId")
      .where("roleName", "=", input.roleName)
      .where("roleId", "!=", input.roleId)
      .executeTakeFirst();
    if (clash) throw conflict("roleNameTaken", "role_taken", "roleName");
    const d1 = ctx.env.DB;
    // Rules are found by the role's name, so one batch creates or renames the role and stores its rules.
    const ruleInserts = input.rules.map((r) =>
      d1
        .prepare(
          "INSERT INTO role_rules (roleId, action, subject, inverted) SELECT roleId, ?2, ?3, ?4 FROM roles WHERE roleName = ?1",
        )
        .bind(input.roleName, r.action, r.subject, r.inverted ? 1 : 0),
    );
    const detail = { roleName: input.roleName, rules: input.rules };
    try {
      if (!existing) {
        await runBatch(d1, [
          ctx.db.insertInto("roles").values({ roleName: input.roleName, roleDesc: input.roleDesc }),
          ...ruleInserts,
          audit(domainOf(ctx), {
            action: "create-role",
            subject: "Role",
            subjectId: sql<string>`(SELECT CAST(roleId AS TEXT) FROM roles WHERE roleName = ${input.roleName})`,
            detail,
          }),
        ]);
      } else {
        // Renaming cascades to users.userRole (foreign key ON UPDATE CASCADE).
        await runGuardedBatch(
          d1,
          [
            ctx.db
              .updateTable("roles")
              .set({ roleName: input.roleName, roleDesc: input.roleDesc })
              .where("roleId", "=", existing.roleId)
              .where("builtIn", "=", 0),
            abortUnlessChanged(d1),
            ctx.db.deleteFrom("role_rules").where("roleId", "=", existing.roleId),
            ...ruleInserts,
            audit(domainOf(ctx), { action: "update-role", subject: "Role", subjectId: existing.roleId, detail }),
          ],
          () => notFound("noSuchRole"),
        );
      }
    } catch (error) {
      if (String(error).includes("UNIQUE")) throw conflict("roleNameTaken", "role_taken", "roleName");
      throw error;
    }
    const role = await ctx.db.selectFrom("roles").selectAll().where("roleName", "=", input.roleName).executeTakeFirstOrThrow();
    return json({
      message: success(ctx, existing ? "roleUpdated" : "roleCreated"),
      role: { ...role, builtIn: role.builtIn === 1, rules: input.rules },
    });
  },
});

const deleteRole = route(adminCalls["delete-role"], {
  async handler(ctx, { roleId }) {
    const role = await findRole(ctx, roleId);
    const inUse = sql<boolean>`NOT EXISTS (SELECT 1 FROM users u WHERE u.userRole = ${role.roleName} AND u.deletedAt IS NULL)`;
    await runGuardedBatch(
      ctx.env.DB,
      [
        // Deleted users keep their rows for the books; they fall back to client so the role can go.
        ctx.db
          .updateTable("users")
          .set({ userRole: "client" })
          .where("userRole", "=", role.roleName)
          .where("deletedAt", "is not", null),
        ctx.db.deleteFrom("roles").where("roleId", "=", roleId).where("builtIn", "=", 0).where(inUse),
        abortUnlessChanged(ctx.env.DB),
        audit(domainOf(ctx), { action: "delete-role", subject: "Role", subjectId: roleId, detail: { roleName: role.roleName } }),
      ],
      () => conflict("roleInUse", "role_in_use"),
    );
    return json({ message: success(ctx, "roleDeleted") });
  },
});

export const routes = [searchRole, updateRole, deleteRole];
