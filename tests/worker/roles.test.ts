import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callForm, countRows, createAdmin, createUser } from "./helpers";

const uniqueRole = (prefix = "support") => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

async function roleId(name: string) {
  const row = await env.DB.prepare("SELECT roleId FROM roles WHERE roleName = ?1").bind(name).first<{ roleId: number }>();
  return row?.roleId ?? null;
}

describe("roles and permissions", () => {
  it("lists roles with their rules and user counts; clients and anonymous callers are refused", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const res = await call("search-role", {}, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const adminRole = res.body.data.find((r: { roleName: string }) => r.roleName === "admin");
    expect(adminRole).toMatchObject({ builtIn: true, rules: [{ action: "manage", subject: "all", inverted: false }] });
    expect(adminRole.userCount).toBeGreaterThanOrEqual(1);
    const clientRole = res.body.data.find((r: { roleName: string }) => r.roleName === "client");
    expect(clientRole.rules).toContainEqual({
      action: "read",
      subject: "Quota",
      inverted: false,
      conditions: { userId: "${user.userId}" },
    });
    expect((await call("search-role", {}, { cookie: client.cookie })).status).toBe(403);
    expect((await call("search-role", {})).status).toBe(401);
    for (const [name, body] of [
      ["update-role", { roleId: 0, roleName: uniqueRole(), rules: [{ action: "read", subject: "all" }] }],
      ["delete-role", { roleId: 2 }],
    ] as const) {
      expect((await call(name, body)).status).toBe(401);
      expect((await call(name, body, { cookie: client.cookie })).status).toBe(403);
    }
  });

  it("creates a read-only role whose rules hold on every call from the next request on", async () => {
    const admin = await createAdmin();
    const name = uniqueRole();
    const created = await call(
      "update-role",
      { roleId: 0, roleName: name, roleDesc: "Read only", rules: [{ action: "read", subject: "all" }] },
      { cookie: admin.cookie },
    );
    expect(created.status).toBe(200);
    expect(created.body.role).toMatchObject({ roleName: name, builtIn: false });
    const id = await roleId(name);
    const user = await createUser({ role: name });
    // read all: lists work, changes are refused.
    expect((await call("searchuser", {}, { cookie: user.cookie })).status).toBe(200);
    expect((await call("search-audit", {}, { cookie: user.cookie })).status).toBe(200);
    expect(
      (
        await call(
          "update-role",
          { roleId: id, roleName: name, rules: [{ action: "manage", subject: "all" }] },
          { cookie: user.cookie },
        )
      ).status,
    ).toBe(403);
    expect((await call("create-apikey", { keyName: "x" }, { cookie: user.cookie })).status).toBe(403);
    const me = await call("me", {}, { cookie: user.cookie });
    expect(me.body.userAbilityRules).toEqual([{ action: "read", subject: "all" }]);
    // An edit takes effect on the user's next request, without signing in again.
    const edited = await call(
      "update-role",
      {
        roleId: id,
        roleName: name,
        rules: [
          { action: "read", subject: "Portal" },
          { action: "read", subject: "User", inverted: true },
        ],
      },
      { cookie: admin.cookie },
    );
    expect(edited.status).toBe(200);
    expect((await call("searchuser", {}, { cookie: user.cookie })).status).toBe(403);
    const after = await call("me", {}, { cookie: user.cookie });
    expect(after.body.userAbilityRules).toEqual([
      { action: "read", subject: "Portal" },
      { action: "read", subject: "User", inverted: true },
    ]);
  });

  it("assigns a custom role through updateuser and renames it with its users", async () => {
    const admin = await createAdmin();
    const name = uniqueRole();
    await call(
      "update-role",
      { roleId: 0, roleName: name, rules: [{ action: "read", subject: "all" }] },
      { cookie: admin.cookie },
    );
    const client = await createUser();
    const assigned = await callForm(
      "updateuser",
      { userId: String(client.userId), userName: "Test User", userEmail: client.email, userRole: name },
      { cookie: admin.cookie },
    );
    expect(assigned.status).toBe(200);
    expect((await call("searchuser", {}, { cookie: client.cookie })).status).toBe(200);
    const renamed = uniqueRole("helpdesk");
    const id = await roleId(name);
    expect(
      (
        await call(
          "update-role",
          { roleId: id, roleName: renamed, rules: [{ action: "read", subject: "all" }] },
          { cookie: admin.cookie },
        )
      ).status,
    ).toBe(200);
    const row = await env.DB.prepare("SELECT userRole FROM users WHERE userId = ?1")
      .bind(client.userId)
      .first<{ userRole: string }>();
    expect(row!.userRole).toBe(renamed);
  });

  it("rejects unknown actions and subjects, duplicate names and changes to built-in roles, changing nothing", async () => {
    const admin = await createAdmin();
    const roles = await countRows("roles");
    const rules = await countRows("role_rules");
    const bad = [
      { roleId: 0, roleName: uniqueRole(), rules: [{ action: "fly", subject: "all" }] },
      { roleId: 0, roleName: uniqueRole(), rules: [{ action: "read", subject: "Spaceship" }] },
      { roleId: 0, roleName: uniqueRole(), rules: [] },
      { roleId: 0, roleName: "has space", rules: [{ action: "read", subject: "all" }] },
      { roleId: 0, rules: [{ action: "read", subject: "all" }] },
    ];
    for (const body of bad) expect((await call("update-role", body, { cookie: admin.cookie })).status).toBe(400);
    const dup = await call(
      "update-role",
      { roleId: 0, roleName: "client", rules: [{ action: "read", subject: "all" }] },
      { cookie: admin.cookie },
    );
    expect(dup.status).toBe(409);
    const builtIn = await call(
      "update-role",
      { roleId: 1, roleName: "admin", rules: [{ action: "read", subject: "all" }] },
      { cookie: admin.cookie },
    );
    expect(builtIn.status).toBe(409);
    expect(await countRows("roles")).toBe(roles);
    expect(await countRows("role_rules")).toBe(rules);
  });

  it("never deletes the built-in roles nor a role with users; deletes an unused custom role", async () => {
    const admin = await createAdmin();
    for (const id of [1, 2]) {
      const res = await call("delete-role", { roleId: id }, { cookie: admin.cookie });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("built_in");
    }
    const name = uniqueRole();
    await call(
      "update-role",
      { roleId: 0, roleName: name, rules: [{ action: "read", subject: "all" }] },
      { cookie: admin.cookie },
    );
    const id = await roleId(name);
    const user = await createUser({ role: name });
    const inUse = await call("delete-role", { roleId: id }, { cookie: admin.cookie });
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe("role_in_use");
    expect(await roleId(name)).toBe(id);
    // A deleted user does not hold the role; the role can then go.
    expect((await call("deleteuser", { userId: user.userId }, { cookie: admin.cookie })).status).toBe(200);
    const audits = await countRows("audit_log");
    expect((await call("delete-role", { roleId: id }, { cookie: admin.cookie })).status).toBe(200);
    expect(await roleId(name)).toBeNull();
    expect(await countRows("audit_log")).toBe(audits + 1);
    expect((await call("delete-role", { roleId: id }, { cookie: admin.cookie })).status).toBe(404);
  });

  it("reads the rules of the listed roles only, not of every role", async () => {
    const SUBJECTS = ["Item", "Bundle", "Coupon", "Site", "Vendor", "History"];
    const admin = await createAdmin();
    const bulky = uniqueRole("bulky");
    await env.DB.prepare("INSERT INTO roles (roleName, roleDesc) VALUES (?1, 'many rules')").bind(bulky).run();
    const bulkyId = (await roleId(bulky))!;
    await env.DB.batch(
      Array.from({ length: 60 }, (_, i) =>
        env.DB.prepare("INSERT INTO role_rules (roleId, action, subject, inverted) VALUES (?1, 'read', ?2, 0)").bind(
          bulkyId,
          SUBJECTS[i % SUBJECTS.length],
        ),
      ),
    );
    const allRules = await countRows("role_rules");
    const res = await call("search-role", { search: "client" }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { roleName: string }) => r.roleName)).toContain("client");
    expect(res.body.data.map((r: { roleName: string }) => r.roleName)).not.toContain(bulky);
    expect(res.body.data.find((r: { roleName: string }) => r.roleName === "client").rules.length).toBeGreaterThan(0);
    // The bulky role's 60 rules are not on the page: none of them is read.
    expect(res.usage!.rowsRead).toBeLessThan(allRules - 30);
    const withBulky = await call("search-role", { search: bulky }, { cookie: admin.cookie });
    expect(withBulky.body.data).toHaveLength(1);
    expect(withBulky.body.data[0].rules).toHaveLength(60);
  });
});
