import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import en from "../../web/src/features/roles/locales/en.json";
import PermissionsPage from "../../web/src/features/roles/pages/PermissionsPage";
import RolesPage from "../../web/src/features/roles/pages/RolesPage";
import ar from "../../web/src/features/roles/locales/ar.json";
import commonAr from "../../web/src/i18n/locales/ar.json";
import common from "../../web/src/i18n/locales/en.json";
import usersEn from "../../web/src/features/users/locales/en.json";
import { calls, fail, inArabic, listOf, mockApi, ok, renderAt, setupPageTests, signIn, signInAsAdmin } from "./page-support";

const ROLES = listOf([
  {
    roleId: 1,
    roleName: "admin",
    roleDesc: "Runs the back office",
    builtIn: true,
    userCount: 2,
    rules: [{ action: "manage", subject: "all", inverted: false, conditions: null }],
  },
  {
    roleId: 2,
    roleName: "client",
    roleDesc: "Buys points",
    builtIn: true,
    userCount: 9,
    rules: [{ action: "read", subject: "Quota", inverted: false, conditions: { userId: "${user.userId}" } }],
  },
  {
    roleId: 3,
    roleName: "auditor",
    roleDesc: "Read only",
    builtIn: false,
    userCount: 1,
    rules: [{ action: "read", subject: "all", inverted: false, conditions: null }],
  },
]);

setupPageTests({ roles: en, users: usersEn });

describe("roles page", () => {
  it("lists roles with their rules and users; only custom roles can be edited or deleted", async () => {
    signInAsAdmin();
    mockApi({ "search-role": ROLES });
    renderAt("/apps/roles", RolesPage);
    const admin = await screen.findByRole("article", { name: "Administrator" });
    // Rules and built-in role names in words, not the server's codes ("manage all").
    expect(within(admin).getByRole("heading", { name: "Administrator" })).toBeTruthy();
    expect(within(admin).getByText("Manage: Everything")).toBeTruthy();
    expect(within(admin).queryByRole("button", { name: en.delete })).toBeNull();
    const client = screen.getByRole("article", { name: "Client" });
    expect(within(client).getByText("Read: Points (own)")).toBeTruthy();
    expect(within(client).getByRole("link", { name: "Users: 9" }).getAttribute("href")).toBe("/portal/user?selectedRole=client");
    const auditor = screen.getByRole("article", { name: "auditor" });
    expect(within(auditor).getByRole("button", { name: en.delete })).toBeTruthy();
  });

  it("creates a read-only role from the dialog's rules", async () => {
    signInAsAdmin();
    mockApi({ "search-role": ROLES, "update-role": ok({ message: "Role created successfully!", role: {} }) });
    renderAt("/apps/roles", RolesPage);
    fireEvent.click(await screen.findByRole("button", { name: en.addRole }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await within(dialog).findByText('The field "Name" is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(en.name), { target: { value: "helpdesk" } });
    fireEvent.click(within(dialog).getByRole("button", { name: en.addRule }));
    const subjects = within(dialog).getAllByLabelText(en.subject);
    fireEvent.change(subjects[1]!, { target: { value: "User" } });
    fireEvent.click(within(dialog).getAllByLabelText(en.inverted)[1]!);
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText("Role created successfully!")).toBeTruthy();
    expect(calls.find((c) => c.name === "update-role")!.body).toEqual({
      roleId: 0,
      roleName: "helpdesk",
      roleDesc: "",
      rules: [
        { action: "read", subject: "all", inverted: false },
        { action: "read", subject: "User", inverted: true },
      ],
    });
  });

  it("adds a user from its drawer, with a role of the page, and reloads the roles' user counts", async () => {
    signInAsAdmin();
    mockApi({ "search-role": ROLES, updateuser: ok({ message: "User created successfully!", user: {}, newImage: null }) });
    renderAt("/apps/roles", RolesPage);
    fireEvent.click(await screen.findByRole("button", { name: usersEn.addUser }));
    const drawer = await screen.findByRole("dialog", { name: usersEn.addUser });
    expect(
      within(drawer)
        .getAllByRole("option")
        .map((o) => [o.getAttribute("value"), o.textContent]),
    ).toEqual([
      ["admin", "Administrator"],
      ["client", "Client"],
      ["auditor", "auditor"],
    ]);
    fireEvent.change(within(drawer).getByLabelText(usersEn.fieldName), { target: { value: "Sam Support" } });
    fireEvent.change(within(drawer).getByLabelText(usersEn.fieldEmail), { target: { value: "sam@example.test" } });
    fireEvent.change(within(drawer).getByLabelText(usersEn.fieldPassword), { target: { value: "long-password-1" } });
    fireEvent.change(within(drawer).getByLabelText(usersEn.fieldRole), { target: { value: "auditor" } });
    const before = calls.filter((c) => c.name === "search-role").length;
    fireEvent.click(within(drawer).getByRole("button", { name: common.save }));
    expect(await screen.findByText("User created successfully!")).toBeTruthy();
    expect(calls.find((c) => c.name === "updateuser")!.body).toMatchObject({
      userId: "0",
      userName: "Sam Support",
      userEmail: "sam@example.test",
      userPW: "long-password-1",
      userRole: "auditor",
      userIsActive: "true",
    });
    expect(screen.queryByRole("dialog", { name: usersEn.addUser })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.name === "search-role").length).toBeGreaterThan(before));
  });

  it("asks before deleting and shows why a delete failed", async () => {
    signInAsAdmin();
    mockApi({ "search-role": ROLES, "delete-role": fail(409, "This role still has users. Give them another role first.") });
    renderAt("/apps/roles", RolesPage);
    const auditor = await screen.findByRole("article", { name: "auditor" });
    fireEvent.click(within(auditor).getByRole("button", { name: en.delete }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: en.delete }));
    expect(
      await screen.findByText("Failed to delete role: This role still has users. Give them another role first."),
    ).toBeTruthy();
    expect(calls.find((c) => c.name === "delete-role")!.body).toEqual({ roleId: 3 });
  });

  it("shows an error state when roles cannot be loaded, and no edit controls for read-only users", async () => {
    signIn({ userId: 4, userName: "Sam", role: "auditor" }, [{ action: "read", subject: "all" }]);
    mockApi({ "search-role": ROLES });
    renderAt("/apps/roles", RolesPage);
    await screen.findByRole("article", { name: "auditor" });
    expect(screen.queryByRole("button", { name: en.addRole })).toBeNull();
    expect(screen.queryByRole("button", { name: usersEn.addUser })).toBeNull();
    expect(screen.queryByRole("button", { name: en.delete })).toBeNull();
    vi.unstubAllGlobals();
    mockApi({ "search-role": fail(500, "down") });
    renderAt("/apps/roles", RolesPage);
    expect(await screen.findByText(common.errorTitle)).toBeTruthy();
  });
});

describe("permissions page", () => {
  it("shows what each role may do per subject", async () => {
    signInAsAdmin();
    mockApi({ "search-role": ROLES });
    renderAt("/apps/permissions", PermissionsPage);
    const row = await screen.findByRole("row", { name: /^Points/ });
    const cells = within(row)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells).toEqual(["Manage*", "Read (own)", "Read*"]);
  });
});

describe("in Arabic", () => {
  inArabic({ roles: ar });

  it("writes rules and built-in roles in Arabic, with no English code left", async () => {
    signInAsAdmin();
    mockApi({ "search-role": ROLES });
    renderAt("/apps/roles", RolesPage);
    // The card is named in words too (a screen reader heard "client").
    const client = await screen.findByRole("article", { name: commonAr.role.client });
    expect(within(client).getByRole("heading", { name: commonAr.role.client })).toBeTruthy();
    expect(within(client).getByText(ar.builtInDescription.client)).toBeTruthy();
    expect(within(client).getByText(`${ar.actionName.read}: ${ar.subjectName.Quota} (${ar.ownOnly})`)).toBeTruthy();
    for (const code of ["manage all", "read Quota", "read all"]) expect(screen.queryByText(new RegExp(code))).toBeNull();
  });
});
