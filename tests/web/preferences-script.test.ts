import { afterEach, describe, expect, it } from "vitest";
import script from "../../web/public/preferences.js?raw";

const PLAN = {
  layout: ["/assets/DefaultLayout-d.js", "/assets/kit-e.js"],
  languages: {
    en: { common: "/assets/en-g.js", app: "/assets/en-h.js" },
    fr: { common: "/assets/fr-i.js", app: "/assets/fr-j.js" },
  },
};

/** Runs public/preferences.js as the page does, under index.html's plan (web/build.ts), with cookies. */
function runWith(cookies: Record<string, unknown>, plan: object | null = PLAN) {
  for (const [name, value] of Object.entries(cookies))
    document.cookie = `${name}=${encodeURIComponent(JSON.stringify(value))}; path=/`;
  if (plan) {
    const meta = document.createElement("meta");
    meta.name = "first-load";
    meta.content = JSON.stringify(plan);
    document.head.append(meta);
  }
  new Function(script)();
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => ({
    href: new URL(link.href).pathname,
    low:
      link.getAttribute("fetchpriority") === "low" ||
      (link as HTMLLinkElement & { fetchPriority?: string }).fetchPriority === "low",
  }));
}

afterEach(() => {
  document.head.innerHTML = "";
});

describe("public/preferences.js preloading the first paint's files", () => {
  it("preloads the common translations of a visitor's language, at low priority", () => {
    expect(runWith({})).toEqual([{ href: "/assets/en-g.js", low: true }]);
    expect(document.documentElement.getAttribute("data-theme")).toBe("light");
  });

  it("adds the default layout and the signed-in app's translations when someone is signed in", () => {
    expect(runWith({ userData: { userId: 1 }, language: "fr" }).map((link) => link.href)).toEqual([
      "/assets/fr-i.js",
      "/assets/DefaultLayout-d.js",
      "/assets/kit-e.js",
      "/assets/fr-j.js",
    ]);
  });

  it("preloads nothing without a plan (the dev server), and still applies the preferences", () => {
    expect(runWith({ language: "ar" }, null)).toEqual([]);
    expect(document.documentElement.getAttribute("dir")).toBe("rtl");
  });
});
