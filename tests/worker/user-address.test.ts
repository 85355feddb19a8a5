import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callForm, createAdmin, createUser, type TestUser } from "./helpers";

/** The postal address of a user (migration 0100): set through updateuser, answered with the User. */

const ADDRESS = {
  userAddressLine1: "12 rue des Lilas",
  userAddressLine2: "Bâtiment B",
  userCity: "Lyon",
  userPostalCode: "69003",
  userCountry: "France",
};
const BLANK = { userAddressLine1: "", userAddressLine2: "", userCity: "", userPostalCode: "", userCountry: "" };

const stored = (userId: number) =>
  env.DB.prepare("SELECT userAddressLine1, userAddressLine2, userCity, userPostalCode, userCountry FROM users WHERE userId = ?1")
    .bind(userId)
    .first<typeof ADDRESS>();

const base = (user: TestUser, name = "Test User") => ({ userId: String(user.userId), userName: name, userEmail: user.email });

describe("a user's address", () => {
  it("starts blank and is part of the User everywhere it is answered", async () => {
    const client = await createUser();
    expect(await stored(client.userId)).toEqual(BLANK);
    expect((await call("me", {}, { cookie: client.cookie })).body.userData).toMatchObject(BLANK);
  });

  it("is set by an admin in the user view's shape, and read back by searchuser and me", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const res = await callForm("updateuser", { ...base(client), ...ADDRESS }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject(ADDRESS);
    expect(await stored(client.userId)).toEqual(ADDRESS);
    const listed = await call("searchuser", { userId: client.userId }, { cookie: admin.cookie });
    expect(listed.body.data[0]).toMatchObject(ADDRESS);
    expect((await call("me", {}, { cookie: client.cookie })).body.userData).toMatchObject(ADDRESS);
  });

  it("keeps each field left out, clears a blank one, and trims", async () => {
    const client = await createUser();
    await callForm("updateuser", { ...base(client), ...ADDRESS }, { cookie: client.cookie });
    const renamed = await callForm("updateuser", base(client, "Renamed"), { cookie: client.cookie });
    expect(renamed.body.user).toMatchObject({ userName: "Renamed", ...ADDRESS });
    const moved = await callForm(
      "updateuser",
      { ...base(client), userAddressLine2: "", userCity: "  Villeurbanne ", userPostalCode: "69100" },
      { cookie: client.cookie },
    );
    expect(moved.status).toBe(200);
    expect(await stored(client.userId)).toEqual({
      ...ADDRESS,
      userAddressLine2: "",
      userCity: "Villeurbanne",
      userPostalCode: "69100",
    });
  });

  it("is the owner's or an admin's to change: 401 anonymous, 403 another client or a read-only role", async () => {
    const client = await createUser();
    const other = await createUser();
    const support = await env.DB.prepare("INSERT INTO roles (roleName) VALUES ('address-reader') RETURNING roleId").first<{
      roleId: number;
    }>();
    await env.DB.prepare("INSERT INTO role_rules (roleId, action, subject) VALUES (?1, 'read', 'all')")
      .bind(support!.roleId)
      .run();
    const reader = await createUser({ role: "address-reader" });
    const body = { ...base(client), ...ADDRESS };
    expect((await callForm("updateuser", body)).status).toBe(401);
    expect((await callForm("updateuser", body, { cookie: other.cookie })).status).toBe(403);
    expect((await callForm("updateuser", body, { cookie: reader.cookie })).status).toBe(403);
    expect(await stored(client.userId)).toEqual(BLANK);
  });

  it("refuses lines too long and control or bidirectional characters, naming the field and changing nothing", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    await callForm("updateuser", { ...base(client), ...ADDRESS }, { cookie: admin.cookie });
    const cases: Array<[Record<string, string>, string]> = [
      [{ userAddressLine1: "x".repeat(201) }, "userAddressLine1"],
      [{ userAddressLine2: "x".repeat(201) }, "userAddressLine2"],
      [{ userCity: "x".repeat(101) }, "userCity"],
      [{ userPostalCode: "x".repeat(21) }, "userPostalCode"],
      [{ userCountry: "x".repeat(101) }, "userCountry"],
      [{ userAddressLine1: "1 Main St\nAdmin" }, "userAddressLine1"],
      [{ userCity: "Lyon\u202E" }, "userCity"],
      [{ userCountry: "Fr\u0000ance" }, "userCountry"],
    ];
    for (const [patch, field] of cases) {
      const res = await callForm("updateuser", { ...base(client), ...patch }, { cookie: admin.cookie });
      expect(res.status, field).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect(await stored(client.userId)).toEqual(ADDRESS);
  });

  it("is cleared with the phone when the user is deleted", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    await callForm("updateuser", { ...base(client), ...ADDRESS }, { cookie: admin.cookie });
    expect((await call("deleteuser", { userId: client.userId }, { cookie: admin.cookie })).status).toBe(200);
    expect(await stored(client.userId)).toEqual(BLANK);
  });
});
