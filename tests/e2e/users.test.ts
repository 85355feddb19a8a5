import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, launch, newPage, signIn } from "./browser";

// A 1 × 1 PNG: the server checks an avatar by its bytes.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** Script errors only: a panel whose call answers 4xx logs "Failed to load resource", which is handled. */
const scriptErrors = (errors: string[]) => errors.filter((e) => !e.startsWith("Failed to load resource"));

describe("users, roles and permissions in a real browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("creates a user with an avatar, finds them, gives them a read-only role, and their menu shrinks", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const person = { name: `Riley ${tag}`, email: `riley-${tag}@example.test`, password: `Riley-pass-${tag}` };
    const roleName = `support-${tag}`;
    const { page, errors } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.waitForURL("**/dashboards/crm");

    // Add the user with an avatar.
    await page.goto("/portal/user");
    await page.getByRole("button", { name: "Add user" }).click();
    const drawer = page.getByRole("dialog", { name: "Add user" });
    await drawer.getByLabel("Full name").fill(person.name);
    await drawer.getByLabel("Email").fill(person.email);
    await drawer.getByLabel("Password").fill(person.password);
    await drawer.getByLabel("Avatar", { exact: true }).setInputFiles({ name: "riley.png", mimeType: "image/png", buffer: PNG });
    expect(await drawer.getByAltText("Avatar preview").getAttribute("src")).toMatch(/^blob:/);
    await drawer.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("snackbar").filter({ hasText: "User created successfully!" }).waitFor();
    await drawer.waitFor({ state: "detached" });

    // Find them with the search and the filters (kept in the URL).
    await page.getByLabel("Search by name or email").fill(tag);
    await page.getByLabel("Role").selectOption("client");
    await page.getByLabel("Status").selectOption("active");
    await page.waitForURL(/selectedRole=client/);
    expect(page.url()).toContain("selectedStatus=active");
    const row = page.getByRole("row").filter({ hasText: person.email });
    await row.waitFor();
    expect(await row.locator("img").getAttribute("src")).toMatch(/^\/images\/[a-f0-9]{64}\.png$/);
    await page.getByLabel("Status").selectOption("inactive");
    await page.getByText("No users match these filters.").waitFor();
    await page.getByLabel("Status").selectOption("active");

    // Open their view.
    await row.getByRole("link", { name: person.name }).click();
    await page.waitForURL(/\/apps\/user\/view\/\d+$/);
    const viewUrl = page.url();
    await page.getByRole("heading", { name: person.name }).waitFor();
    await page.getByRole("region", { name: "Points" }).getByText("Balance").waitFor();

    // Create a read-only role: it may read the portal, its dashboard and the users, nothing else.
    await page.goto("/apps/roles");
    await page.getByRole("button", { name: "Add role" }).click();
    const roleDialog = page.getByRole("dialog", { name: "Add role" });
    await roleDialog.getByLabel("Name").fill(roleName);
    await roleDialog.getByLabel("Description").fill("Read-only support");
    await roleDialog.getByLabel("Subject").first().selectOption("Portal");
    await roleDialog.getByRole("button", { name: "Add rule" }).click();
    await roleDialog.getByLabel("Action").nth(1).selectOption("read");
    await roleDialog.getByLabel("Subject").nth(1).selectOption("User");
    await roleDialog.getByRole("button", { name: "Add rule" }).click();
    await roleDialog.getByLabel("Action").nth(2).selectOption("read");
    await roleDialog.getByLabel("Subject").nth(2).selectOption("Dashboard");
    await roleDialog.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("snackbar").filter({ hasText: "Role created successfully!" }).waitFor();
    await page.getByRole("article", { name: roleName }).getByText("Read: Users").waitFor();

    // Assign it from the user view.
    await page.goto(viewUrl);
    await page.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit user" });
    await edit.getByLabel("Role").selectOption(roleName);
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("snackbar").filter({ hasText: "User updated successfully!" }).waitFor();
    await page.getByText(roleName).first().waitFor();
    const adminMenu = await page.getByRole("navigation", { name: "Main menu" }).getByRole("link").allTextContents();
    expect(scriptErrors(errors)).toEqual([]);

    // That user signs in: a shorter menu, and not-authorized outside the role.
    const other = await newPage(browser);
    await signIn(other.page, person);
    await other.page.waitForURL("**/portal/dashboard");
    const menu = other.page.getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("link", { name: "Users" }).waitFor();
    const theirMenu = await menu.getByRole("link").allTextContents();
    expect(theirMenu.length).toBeLessThan(adminMenu.length);
    expect(theirMenu).not.toContain("Audit log");
    expect(theirMenu).not.toContain("Roles");
    expect(adminMenu).toContain("Audit log");
    await other.page.goto("/apps/audit-log");
    await other.page.waitForURL("**/not-authorized");
    // Reading users is allowed, changing them is not: no add button.
    await other.page.goto("/portal/user");
    await other.page.getByRole("row").filter({ hasText: person.email }).waitFor();
    expect(await other.page.getByRole("button", { name: "Add user" }).count()).toBe(0);
    expect(scriptErrors(other.errors)).toEqual([]);
  });
});
