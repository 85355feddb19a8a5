import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "i18next";
import { mockApi, renderApp, setCookie, setupI18n, signedInAs, userData, ADMIN_RULES, CLIENT_RULES } from "./shell-support";

beforeAll(setupI18n);
// The first test of the file also pays for loading the layout and pages on demand.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

function meAnswers(role: "admin" | "client") {
  return { me: { body: { userData: userData(role), userAbilityRules: role === "admin" ? ADMIN_RULES : CLIENT_RULES } } };
}

describe("the route table in the app (guard branches and redirects)", () => {
  it("sends an anonymous user from a protected page to login with the query and `to`", async () => {
    mockApi();
    const app = renderApp("/pages/account-settings/security?tab=2");
    await waitFor(() => expect(app.current()).toBe("/login?tab=2&to=%2Fpages%2Faccount-settings%2Fsecurity"));
    await screen.findByRole("heading", { name: "Welcome back" });
  });

  it("sends / to login keeping the query when nobody is signed in", async () => {
    mockApi();
    const app = renderApp("/?ref=mail");
    await waitFor(() => expect(app.current()).toBe("/login?ref=mail"));
  });

  it("sends / to the role's home: admin to the CRM dashboard, client to access control", async () => {
    signedInAs("admin");
    mockApi(meAnswers("admin"));
    const admin = renderApp("/");
    await waitFor(() => expect(admin.current()).toBe("/dashboards/crm"));
    admin.unmount();

    signedInAs("client");
    mockApi(meAnswers("client"));
    const client = renderApp("/");
    await waitFor(() => expect(client.current()).toBe("/access-control"));
  });

  it("sends a signed-in user away from unauthenticated-only pages to /portal/dashboard", async () => {
    signedInAs("client");
    mockApi(meAnswers("client"));
    const app = renderApp("/register");
    await waitFor(() => expect(app.current()).toBe("/portal/dashboard"));
  });

  it("sends a signed-in user without the permission to not-authorized", async () => {
    signedInAs("client");
    mockApi(meAnswers("client"));
    const app = renderApp("/dashboards/crm");
    await waitFor(() => expect(app.current()).toBe("/not-authorized"));
    await screen.findByRole("heading", { name: "You are not authorized" });
  });

  it("lets anyone open a public page", async () => {
    mockApi();
    const app = renderApp("/pages/misc/coming-soon");
    await screen.findByRole("heading", { name: "We are launching soon" });
    expect(app.current()).toBe("/pages/misc/coming-soon");
  });

  it("redirects /pages/account-settings to the account tab, and /pages/user-profile to the profile tab", async () => {
    signedInAs("client");
    mockApi(meAnswers("client"));
    const settings = renderApp("/pages/account-settings");
    await waitFor(() => expect(settings.current()).toBe("/pages/account-settings/account"));
    expect(await screen.findByLabelText("Full name")).toHaveProperty("value", "Cleo Client");
    settings.unmount();

    const profile = renderApp("/pages/user-profile");
    await waitFor(() => expect(profile.current()).toBe("/pages/user-profile/profile"));
  });

  it("opens the checkout for /portal/cart instead of not-found", async () => {
    signedInAs("admin");
    mockApi(meAnswers("admin"));
    const app = renderApp("/portal/cart");
    await waitFor(() => expect(app.current()).toBe("/payment/payment"));
  });

  it("lands an unknown account-settings tab on the account tab instead of not-found", async () => {
    signedInAs("client");
    mockApi(meAnswers("client"));
    const app = renderApp("/pages/account-settings/no-such-tab");
    await waitFor(() => expect(app.current()).toBe("/pages/account-settings/account"));
    expect(await screen.findByLabelText("Full name")).toHaveProperty("value", "Cleo Client");
  });

  it("sends / for a signed-in user of another role to login keeping the query, whose guard sends them on", async () => {
    setCookie("userData", { ...userData("client"), role: "auditor" });
    setCookie("userAbilityRules", [{ action: "read", subject: "Portal" }]);
    mockApi({
      me: {
        body: { userData: { ...userData("client"), role: "auditor" }, userAbilityRules: [{ action: "read", subject: "Portal" }] },
      },
    });
    const app = renderApp("/?ref=mail");
    // Through login (replacing the address each time), whose guard sends a signed-in reader to the portal dashboard.
    await waitFor(() => expect(app.current()).toBe("/portal/dashboard"));
  });

  it("titles every page in the reader's language, with the site's name", async () => {
    mockApi();
    await i18n.changeLanguage("fr");
    try {
      renderApp("/no/such/page");
      await screen.findByRole("heading", { name: "Page introuvable" });
      await waitFor(() => expect(document.title).toBe("Page introuvable · Edge Portal"));
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows not-found in the blank layout for an unknown path, keeping the address", async () => {
    mockApi();
    const app = renderApp("/no/such/page");
    await screen.findByRole("heading", { name: "Page not found" });
    expect(app.current()).toBe("/no/such/page");
    expect(screen.queryByRole("navigation", { name: "Main menu" })).toBeNull();
  });

  it("reloads the rules at start, so a role changed elsewhere takes effect", async () => {
    // The cookie still says admin, the server now says client.
    signedInAs("admin");
    const api = mockApi(meAnswers("client"));
    const app = renderApp("/dashboards/crm");
    await waitFor(() => expect(app.current()).toBe("/not-authorized"));
    expect(api.calls.some((call) => call.name === "me")).toBe(true);
  });
});

describe("a lost session", () => {
  it("goes to login once, with `to` holding the page and its query", async () => {
    signedInAs("client");
    mockApi({
      me: { body: { userData: userData("client"), userAbilityRules: CLIENT_RULES } },
      "search-session": { status: 401, body: { error: "Sign in first.", code: "unauthorized" } },
    });
    const app = renderApp("/pages/account-settings/security?limit=20");
    await waitFor(() => expect(app.current()).toBe("/login?to=%2Fpages%2Faccount-settings%2Fsecurity%3Flimit%3D20"));
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(app.location.history.filter((path) => path.startsWith("/login")).length).toBe(1);
  });
});
