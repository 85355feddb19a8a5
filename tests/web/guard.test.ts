import { describe, expect, it } from "vitest";
import { afterLoginTarget, homeFor, signedInHome } from "../../web/src/lib/home";
import { guardRedirect } from "../../web/src/app/guard";
import { appRoutes } from "../../web/src/app/registry";

const clientCan = (action: string, subject: string) => action === "read" && ["Portal", "AclDemo"].includes(subject);
const nobody = () => false;

describe("route guard (spec section 6)", () => {
  it("lets anyone open a public route", () => {
    expect(guardRedirect({ public: true }, { isLoggedIn: false, can: nobody }, "/pages/misc/not-authorized", "")).toBeNull();
  });

  it("sends a signed-in user away from unauthenticated-only pages to /portal/dashboard", () => {
    expect(guardRedirect({ unauthenticatedOnly: true }, { isLoggedIn: true, can: clientCan }, "/login", "")).toBe(
      "/portal/dashboard",
    );
    expect(guardRedirect({ unauthenticatedOnly: true }, { isLoggedIn: false, can: nobody }, "/login", "")).toBeNull();
  });

  it("allows a route whose action and subject are permitted", () => {
    expect(
      guardRedirect({ action: "read", subject: "Portal" }, { isLoggedIn: true, can: clientCan }, "/portal/dashboard", ""),
    ).toBeNull();
  });

  it("sends a signed-in user without the permission to not-authorized", () => {
    expect(guardRedirect({ action: "read", subject: "User" }, { isLoggedIn: true, can: clientCan }, "/portal/user", "")).toBe(
      "/not-authorized",
    );
  });

  it("treats a route without meta as needing manage all", () => {
    expect(guardRedirect(undefined, { isLoggedIn: true, can: clientCan }, "/apps/roles", "")).toBe("/not-authorized");
    expect(guardRedirect(undefined, { isLoggedIn: true, can: () => true }, "/apps/roles", "")).toBeNull();
  });

  it("sends a visitor to the public page of the same content, not to sign-in (/pages/pricing, /pages/faq)", () => {
    const metaOf = (path: string) => appRoutes.find((r) => r.path === path)!.meta;
    expect(guardRedirect(metaOf("/pages/pricing"), { isLoggedIn: false, can: nobody }, "/pages/pricing", "")).toBe(
      "/front-pages/pricing",
    );
    expect(guardRedirect(metaOf("/pages/faq"), { isLoggedIn: false, can: nobody }, "/pages/faq", "")).toBe("/front-pages/faq");
    expect(guardRedirect(metaOf("/pages/pricing"), { isLoggedIn: true, can: clientCan }, "/pages/pricing", "")).toBeNull();
    expect(guardRedirect(metaOf("/pages/faq"), { isLoggedIn: true, can: nobody }, "/pages/faq", "")).toBe("/not-authorized");
  });

  it("sends an anonymous user to login with the query and `to`", () => {
    expect(
      guardRedirect({ action: "read", subject: "Portal" }, { isLoggedIn: false, can: nobody }, "/portal/item", "page=2&q=x"),
    ).toBe("/login?page=2&q=x&to=%2Fportal%2Fitem");
  });

  it("omits `to` when the target is /", () => {
    expect(guardRedirect({ action: "read", subject: "Portal" }, { isLoggedIn: false, can: nobody }, "/", "")).toBe("/login");
  });
});

describe("homes and return targets", () => {
  it("picks the role's home", () => {
    expect(homeFor("admin")).toBe("/dashboards/crm");
    expect(homeFor("client")).toBe("/access-control");
    expect(homeFor(null, "a=1")).toBe("/login?a=1");
  });

  it("gives the built-in support role the support desk's inbox, which it may read (not the portal dashboard)", () => {
    expect(homeFor("support")).toBe("/apps/email/inbox");
    expect(signedInHome("support")).toBe("/apps/email/inbox");
  });

  it("sends / for any other role to login keeping the query, as the specification says; sign-in lands them on the portal dashboard", () => {
    expect(homeFor("auditor", "ref=mail")).toBe("/login?ref=mail");
    expect(homeFor("auditor")).toBe("/login");
    expect(signedInHome("auditor")).toBe("/portal/dashboard");
    expect(signedInHome("admin")).toBe("/dashboards/crm");
    expect(signedInHome("client")).toBe("/access-control");
  });

  it("returns to `to` only when it is a path of this site", () => {
    expect(afterLoginTarget("to=%2Fportal%2Fitem", "/home")).toBe("/portal/item");
    expect(afterLoginTarget("to=https%3A%2F%2Fevil.example", "/home")).toBe("/home");
    expect(afterLoginTarget("to=%2F%2Fevil.example", "/home")).toBe("/home");
  });
});
