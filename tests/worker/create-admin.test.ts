import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminInputProblem, adminSql } from "../../scripts/admin-sql";
import { call, createUser, uniqueEmail } from "./helpers";

/** Runs the script's SQL the way `wrangler d1 execute --file` does: statement after statement. */
async function execute(sqlText: string) {
  for (const statement of sqlText.split(/;\n/).filter((s) => s.trim())) await env.DB.prepare(statement).run();
}

const pepper = () => env.SESSION_PEPPER;

describe("npm run create-admin", () => {
  it("makes a new admin who signs in with the given password", async () => {
    const email = uniqueEmail("first-admin");
    await execute(await adminSql({ email, password: "Fresh-admin-2026", name: "O'Brien", pepper: pepper() }));
    const login = await call("login", { email, password: "Fresh-admin-2026" });
    expect(login.status).toBe(200);
    expect(login.body.userData).toMatchObject({ userRole: "admin", userName: "O'Brien", emailVerified: true });
  });

  it("promotes an existing user, resets their password and ends their sessions", async () => {
    const user = await createUser({ password: "Old-password-2026" });
    expect((await call("me", {}, { cookie: user.cookie })).status).toBe(200);
    await execute(await adminSql({ email: user.email, password: "New-password-2026", name: "Ignored", pepper: pepper() }));
    expect((await call("me", {}, { cookie: user.cookie })).status).toBe(401);
    expect((await call("login", { email: user.email, password: "Old-password-2026" })).status).toBe(401);
    const login = await call("login", { email: user.email, password: "New-password-2026" });
    expect(login.body.userData).toMatchObject({ userId: user.userId, userRole: "admin" });
  });

  it("refuses a bad address, a short password, a missing pepper or a spoofing name before touching anything", () => {
    const good = { email: "boss@example.com", password: "Long-enough-1", name: "Boss", pepper: "x".repeat(32) };
    expect(adminInputProblem(good)).toBeNull();
    expect(adminInputProblem({ ...good, email: "boss" })).toMatch(/ADMIN_EMAIL/);
    expect(adminInputProblem({ ...good, password: "short" })).toMatch(/ADMIN_PASSWORD/);
    expect(adminInputProblem({ ...good, pepper: "" })).toMatch(/SESSION_PEPPER/);
    expect(adminInputProblem({ ...good, name: "Boss\u202Enimda" })).toMatch(/ADMIN_NAME must not contain control characters/);
    expect(adminInputProblem({ ...good, name: "Bo\u0000ss" })).toMatch(/ADMIN_NAME/);
  });
});
