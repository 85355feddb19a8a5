import { fireEvent, render, screen, within } from "@testing-library/react";
import i18n from "i18next";
import type { ComponentType } from "react";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/app/session";
import { ConfirmProvider } from "../../web/src/components/ConfirmDialog";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import en from "../../web/src/features/roles/locales/en.json";
import PermissionsPage from "../../web/src/features/roles/pages/PermissionsPage";
import RolesPage from "../../web/src/features/roles/pages/RolesPage";
import common from "../../web/src/i18n/locales/en.json";

type Answer = { status: number; body: unknown };
const calls: { name: string; body: Record<string, unknown> }[] = [];

const ok = (body: unknown): Answer => ({ status: 200, body });
const fail = (status: number, error: string): Answer => ({ status, body: { error, code: "x" } });
const listOf = (data: unknown[]) => ok({ data, total: data.length, page: 1, limit: 10 });

/** Answers fetch and XMLHttpRequest (uploads) from a table, recording every call with its fields. */
function mockApi(answers: Record<string, Answer | (() => Answer)>) {
  calls.length = 0;
  const answer = (name: string) => {
    const found = answers[name];
    return (typeof found === "function" ? found() : found) ?? fail(404, "Unknown call.");
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = url.replace("/api/", "");
      calls.push({ name, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {} });
      const a = answer(name);
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
  class FakeXhr {
    status = 0;
    responseText = "";
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private name = "";
    open(_method: string, url: string) {
      this.name = url.replace("/api/", "");
    }
    send(form: FormData) {
      const body: Record<string, unknown> = {};
      form.forEach((value, key) => (body[key] = value));
      calls.push({ name: this.name, body });
      const a = answer(this.name);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        this.status = a.status;
        this.responseText = JSON.stringify(a.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
}

function signIn(user: { userId: number; userName: string; role: string }, rules: object[]) {
  const userData = { ...user, userEmail: "me@example.test", userRole: user.role, userImage: null };
  document.cookie = `userData=${encodeURIComponent(JSON.stringify(userData))}; path=/`;
  document.cookie = `userAbilityRules=${encodeURIComponent(JSON.stringify(rules))}; path=/`;
}
const signInAsAdmin = () => signIn({ userId: 1, userName: "Admin", role: "admin" }, [{ action: "manage", subject: "all" }]);

function renderAt(path: string, Page: ComponentType, pattern = path.split("?")[0]!) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionProvider onSignedOut={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
          <SnackbarProvider>
            <ConfirmProvider>
              <Route path={pattern}>
                <Page />
              </Route>
            </ConfirmProvider>
          </SnackbarProvider>
        </SWRConfig>
      </SessionProvider>
    </Router>,
  );
  return location;
}

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
    roleName: "support",
    roleDesc: "Read only",
    builtIn: false,
    userCount: 1,
    rules: [{ action: "read", subject: "all", inverted: false, conditions: null }],
  },
]);

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: { common, roles: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("roles page", () => {
  it("lists roles with their rules and users; only custom roles can be edited or deleted", async () => {
    signInAsAdmin();
    mockApi({ "search-role": ROLES });
    renderAt("/apps/roles", RolesPage);
    const admin = await screen.findByRole("article", { name: "admin" });
    expect(within(admin).getByText("manage all")).toBeTruthy();
    expect(within(admin).queryByRole("button", { name: en.delete })).toBeNull();
    const client = screen.getByRole("article", { name: "client" });
    expect(within(client).getByText("read Quota (own)")).toBeTruthy();
    expect(within(client).getByRole("link", { name: "Users: 9" }).getAttribute("href")).toBe("/portal/user?selectedRole=client");
    const support = screen.getByRole("article", { name: "support" });
    expect(within(support).getByRole("button", { name: en.delete })).toBeTruthy();
  });

  it("creates a read-only role from the dialog's rules", async () => {
    signInAsAdmin();
    mockApi({ "search-role": ROLES, "update-role": ok({ message: "Role created successfully!", role: {} }) });
    renderAt("/apps/roles", RolesPage);
    fireEvent.click(await screen.findByRole("button", { name: en.addRole }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: en.save }));
    expect(await within(dialog).findByText('The field "Name" is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(en.name), { target: { value: "helpdesk" } });
    fireEvent.click(within(dialog).getByRole("button", { name: en.addRule }));
    const subjects = within(dialog).getAllByLabelText(en.subject);
    fireEvent.change(subjects[1]!, { target: { value: "User" } });
    fireEvent.click(within(dialog).getAllByLabelText(en.inverted)[1]!);
    fireEvent.click(within(dialog).getByRole("button", { name: en.save }));
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

  it("asks before deleting and shows why a delete failed", async () => {
    signInAsAdmin();
    mockApi({ "search-role": ROLES, "delete-role": fail(409, "This role still has users. Give them another role first.") });
    renderAt("/apps/roles", RolesPage);
    const support = await screen.findByRole("article", { name: "support" });
    fireEvent.click(within(support).getByRole("button", { name: en.delete }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: en.delete }));
    expect(
      await screen.findByText("Failed to delete role: This role still has users. Give them another role first."),
    ).toBeTruthy();
    expect(calls.find((c) => c.name === "delete-role")!.body).toEqual({ roleId: 3 });
  });

  it("shows an error state when roles cannot be loaded, and no edit controls for read-only users", async () => {
    signIn({ userId: 4, userName: "Sam", role: "support" }, [{ action: "read", subject: "all" }]);
    mockApi({ "search-role": ROLES });
    renderAt("/apps/roles", RolesPage);
    await screen.findByRole("article", { name: "support" });
    expect(screen.queryByRole("button", { name: en.addRole })).toBeNull();
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
    const row = await screen.findByRole("row", { name: /^Quota/ });
    const cells = within(row)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells).toEqual(["manage*", "read (own)", "read*"]);
  });
});
