import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { guardRedirect } from "../../web/src/app/guard";
import { visibleNav } from "../../web/src/app/nav";
import { parse as defaultParser } from "regexparam";
import { pageTextKey } from "../../web/src/app/RouteTitle";
import { appRoutes, resolvePath } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import { ClientAbility } from "../../web/src/providers/ability";
import { PreferencesProvider } from "../../web/src/providers/preferences";
import { PAGES } from "../../web/src/features/styleguide/catalogue";
import en from "../../web/src/features/styleguide/locales/en.json";
import StyleGuidePage from "../../web/src/features/styleguide/pages/StyleGuidePage";
import { REGISTRY, type Entry } from "../../web/src/features/styleguide/registry";
import usersEn from "../../web/src/features/users/locales/en.json";
import { ADMIN_RULES, CLIENT_RULES } from "./shell-support";
import { mockApi, renderAt, sessionAnswer, setupPageTests, signInAsAdmin } from "./page-support";

setupPageTests({ styleguide: en, users: usersEn });

/** A style-guide page as the app shows it: inside the preferences (the language menu reads them). */
function Page() {
  return (
    <PreferencesProvider>
      <StyleGuidePage />
    </PreferencesProvider>
  );
}

/** Every module of web/src/components and web/src/hooks (the shared hooks), loaded as the app would. */
const modules = import.meta.glob<Record<string, unknown>>(
  ["../../web/src/components/**/*.{ts,tsx}", "../../web/src/hooks/**/*.{ts,tsx}"],
  { eager: true },
);

/** The components (PascalCase) and hooks (use…) web/src/components exports; constants and helpers are not shown. */
function sharedExports(): string[] {
  const names = Object.values(modules).flatMap((module) =>
    Object.entries(module)
      .filter(
        ([name, value]) => /^(use[A-Z]|[A-Z][a-z])/.test(name) && (typeof value === "function" || typeof value === "object"),
      )
      .map(([name]) => name),
  );
  return [...new Set(names)].sort();
}

/** The exports that no entry of the registry shows. */
function missingFrom(registry: Record<string, Entry>, exports: string[]): string[] {
  const shown = new Set(Object.values(registry).flatMap((entry) => entry.components));
  return exports.filter((name) => !shown.has(name));
}

describe("the style guide's registry", () => {
  it("has an entry for every component and hook of web/src/components", () => {
    const exports = sharedExports();
    expect(exports).toEqual(expect.arrayContaining(["DataTable", "FilePicker", "TimeChart", "useConfirm", "useListController"]));
    expect(missingFrom(REGISTRY, exports)).toEqual([]);
  });

  it("would notice a component without an entry (the check itself works)", () => {
    const { "card-basic": _dropped, ...rest } = REGISTRY;
    expect(missingFrom({ ...rest, "card-basic": { ...REGISTRY["card-basic"], components: [] } }, ["NewWidget", "Icon"])).toEqual([
      "NewWidget",
    ]);
  });

  it("names only real exports of web/src/components, each one used in its entry's snippet", () => {
    const exports = new Set(sharedExports());
    const problems = Object.entries(REGISTRY).flatMap(([slug, entry]) =>
      entry.components.flatMap((name) => [
        ...(exports.has(name) ? [] : [`${slug}: ${name} is not an export of web/src/components`]),
        ...(new RegExp(`\\b${name}\\b`).test(entry.snippet) ? [] : [`${slug}: the snippet does not use ${name}`]),
      ]),
    );
    expect(problems).toEqual([]);
  });

  it("has a snippet for every page, and every component a snippet writes as a tag is one the product has", () => {
    const exports = new Set(sharedExports());
    const problems = Object.entries(REGISTRY).flatMap(([slug, entry]) => {
      if (!entry.snippet.trim()) return [`${slug}: no snippet`];
      const tags = [...entry.snippet.matchAll(/<([A-Z][A-Za-z]+)/g)].map((m) => m[1]!);
      // ProductCard stands for the caller's own card in the list snippet.
      return tags
        .filter((tag) => !exports.has(tag) && tag !== "ProductCard")
        .map((tag) => `${slug}: <${tag}> is not a component`);
    });
    expect(problems).toEqual([]);
  });
});

describe("the style guide's routes and menu", () => {
  const paths = PAGES.map((page) => page.path);

  it("has the 47 routes of the specification's UI kit, from the registry", () => {
    expect(paths).toHaveLength(47);
    expect(Object.keys(REGISTRY).sort()).toEqual(PAGES.map((page) => page.slug).sort());
    expect(paths).toEqual(
      expect.arrayContaining([
        "/charts/apex-chart",
        "/components/alert",
        "/forms/form-wizard-numbered",
        "/tables/data-table",
        "/pages/cards/card-widgets",
        "/pages/typography",
        "/pages/icons",
        "/pages/dialog-examples",
      ]),
    );
    // Each page's address opens the style guide's route for it, titled by its slug.
    for (const { path, slug } of PAGES) {
      const resolved = resolvePath(defaultParser, path);
      expect(resolved && "route" in resolved ? resolved.route.ns : null, path).toBe("styleguide");
      if (resolved && "route" in resolved)
        expect(pageTextKey(resolved.route.title, resolved.params)).toBe(`styleguide:page.${slug}.title`);
    }
  });

  it("builds the Living style guide menu section from the catalogue's groups, each opening its first page", () => {
    const section = navItems.filter((item) => item.section === "styleguide");
    expect(section.map((group) => group.title)).toEqual(
      ["charts", "components", "forms", "tables", "cards", "pages"].map((g) => `styleguide:group.${g}`),
    );
    expect(section.map((group) => group.to)).toEqual(
      (["charts", "components", "forms", "tables", "cards", "pages"] as const).map(
        (group) => PAGES.find((entry) => entry.group === group)!.path,
      ),
    );
  });

  it("lists the pages of a page's group on it, the current one marked", async () => {
    signInAsAdmin();
    mockApi({ me: sessionAnswer });
    renderAt("/tables/simple-table", Page);
    const pages = await screen.findByRole("navigation", { name: en.ui.groupPages.replace("{{group}}", en.group.tables) });
    const links = within(pages).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/tables/data-table", "/tables/simple-table"]);
    expect(links[1]!.getAttribute("aria-current")).toBe("page");
  });

  it("is for staff only: an admin opens it and sees it in the menu, a client neither", () => {
    const admin = new ClientAbility(ADMIN_RULES);
    const client = new ClientAbility(CLIENT_RULES);
    const can = (ability: ClientAbility) => (action: string, subject: string) => ability.can(action, subject);
    for (const route of appRoutes.filter((candidate) => candidate.ns === "styleguide")) {
      expect(guardRedirect(route.meta, { isLoggedIn: true, can: can(admin) }, route.path, "")).toBeNull();
      expect(guardRedirect(route.meta, { isLoggedIn: true, can: can(client) }, route.path, "")).toBe("/not-authorized");
      expect(guardRedirect(route.meta, { isLoggedIn: false, can: can(new ClientAbility()) }, route.path, "")).toBe(
        `/login?to=${encodeURIComponent(route.path)}`,
      );
    }
    const shown = (ability: ClientAbility) => visibleNav(navItems, can(ability)).filter((item) => item.section === "styleguide");
    expect(shown(admin)).toHaveLength(6);
    expect(shown(client)).toEqual([]);
  });
});

describe("every style guide page", () => {
  it.each(PAGES.map((page) => [page.path, page.slug] as const))(
    "renders %s for an admin with its states and code",
    async (path, slug) => {
      signInAsAdmin();
      mockApi({ me: sessionAnswer });
      renderAt(path, Page);
      expect(await screen.findByRole("heading", { level: 1, name: en.page[slug].title })).toBeTruthy();
      const demo = screen.getByTestId("styleguide-demo");
      // The demo's chunk has loaded once its captioned states are in.
      expect((await within(demo).findAllByRole("figure", {}, { timeout: 5000 })).length).toBeGreaterThan(0);
      expect(screen.getByText(REGISTRY[slug].snippet.split("\n")[0]!, { exact: false, selector: "code" })).toBeTruthy();
    },
  );

  it("switches the demo area alone to dark and right-to-left", async () => {
    signInAsAdmin();
    mockApi({ me: sessionAnswer });
    renderAt("/components/button", Page);
    const demo = await screen.findByTestId("styleguide-demo");
    expect(demo.getAttribute("data-theme")).toBe("light");
    expect(demo.getAttribute("dir")).toBe("ltr");
    fireEvent.click(screen.getByRole("button", { name: en.ui.dark }));
    fireEvent.click(screen.getByRole("button", { name: en.ui.rtl }));
    await waitFor(() => expect(demo.getAttribute("data-theme")).toBe("dark"));
    expect(demo.getAttribute("dir")).toBe("rtl");
    expect(screen.getByRole("button", { name: en.ui.rtl }).getAttribute("aria-pressed")).toBe("true");
    expect(document.documentElement.getAttribute("dir")).not.toBe("rtl");
  });

  it("shows the components a page is made of", async () => {
    signInAsAdmin();
    mockApi({ me: sessionAnswer });
    renderAt("/tables/data-table", Page);
    for (const name of REGISTRY["data-table"].components)
      expect(await screen.findByText(name, { selector: "code.badge" })).toBeTruthy();
  });
});

describe("the demos behave as the product does", () => {
  it("asks before deleting, then shows the answer; opens the user drawer", async () => {
    signInAsAdmin();
    mockApi({ me: sessionAnswer });
    renderAt("/pages/dialog-examples", Page);
    fireEvent.click(await screen.findByRole("button", { name: en.demo.delete }));
    const confirm = await screen.findByRole("dialog", { name: en.demo.deleteTitle });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(en.demo.deleted)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.demo.editUser }));
    const drawer = await screen.findByRole("dialog", { name: usersEn.editUser });
    expect((within(drawer).getByLabelText(usersEn.fieldName) as HTMLInputElement).value).toBe("Ada Lovelace");
  });

  it("checks a form on send, shows a server refusal on its field, and saves", async () => {
    signInAsAdmin();
    mockApi({ me: sessionAnswer });
    renderAt("/forms/form-validation", Page);
    const save = await screen.findByRole("button", { name: en.demo.save });
    fireEvent.click(save);
    expect(await screen.findByText(`The field "${en.field.name}" is required.`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.field.name), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText(en.field.email), { target: { value: "taken@example.com" } });
    fireEvent.click(save);
    expect(await screen.findByText(en.demo.emailTaken)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.field.email), { target: { value: "ada@example.com" } });
    fireEvent.click(save);
    expect(await screen.findByText(en.demo.saved)).toBeTruthy();
  });

  it("moves through a wizard only when a step's fields pass, and sends at the last step", async () => {
    signInAsAdmin();
    mockApi({ me: sessionAnswer });
    renderAt("/forms/form-wizard-numbered", Page);
    fireEvent.click(await screen.findByRole("button", { name: en.demo.next }));
    expect(await screen.findByText(`The field "${en.field.name}" is required.`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.field.name), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText(en.field.email), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: en.demo.next }));
    expect(await screen.findByLabelText(en.field.country)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.demo.next }));
    fireEvent.click(await screen.findByRole("button", { name: en.demo.finish }));
    expect(await screen.findByText(en.demo.wizardDone.replace("{{name}}", "Ada"))).toBeTruthy();
  });
});
