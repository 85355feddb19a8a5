import { afterEach, describe, expect, it, vi } from "vitest";
import { firstCallPlan } from "../../web/src/app/firstCallPlan";
import { api } from "../../web/src/lib/api";
import { FIRST_CALL_MAX_AGE_MS } from "../../web/src/lib/firstCalls";

afterEach(() => {
  delete window.firstCalls;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fetch that answers `body` and counts its requests. */
function countingFetch(body: unknown) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status: 200 })));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("lib/api.ts taking a call preferences.js started (lib/firstCalls.ts)", () => {
  it("reads the answer under way for the same call and body instead of asking again, once", async () => {
    const fetch = countingFetch({ from: "the app" });
    window.firstCalls = {
      'searchsite {"page":1}': { at: Date.now(), answer: Promise.resolve(new Response('{"from":"early"}')) },
    };
    expect(await api("searchsite" as never, { page: 1 } as never)).toEqual({ from: "early" });
    expect(fetch).not.toHaveBeenCalled();
    // Taken: the next request for it is the app's own.
    expect(await api("searchsite" as never, { page: 1 } as never)).toEqual({ from: "the app" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("asks itself for another body, and when the early answer is older than a page may use", async () => {
    const fetch = countingFetch({ from: "the app" });
    window.firstCalls = {
      'searchsite {"page":1}': { at: Date.now() - FIRST_CALL_MAX_AGE_MS - 1, answer: Promise.resolve(new Response("{}")) },
      'searchsite {"page":2}': { at: Date.now(), answer: Promise.resolve(new Response("{}")) },
    };
    expect(await api("searchsite" as never, { page: 3 } as never)).toEqual({ from: "the app" });
    expect(await api("searchsite" as never, { page: 1 } as never)).toEqual({ from: "the app" });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe("app/firstCallPlan.ts: the first calls the build names for preferences.js", () => {
  it("records each route's requests as its page sends them, per ability, without sending any", async () => {
    const fetch = countingFetch({});
    const plan = await firstCallPlan();
    expect(fetch).not.toHaveBeenCalled();
    const users = plan.routes.find((r) => r.path === "/portal/user")!;
    const all = users.variants.find((v) => v.when["read Role"] && v.when["read Item"])!;
    expect(all.when["read User"]).toBe(true);
    expect(all.calls.map(([name]) => name)).toEqual(["searchuser", "search-role", "searchitem"]);
    expect(JSON.parse(all.calls[0]![1])).toMatchObject({ page: 1, limit: 10, search: "" });
    const none = users.variants.find((v) => !v.when["read Role"] && !v.when["read Item"])!;
    expect(none.calls.map(([name]) => name)).toEqual(["searchuser"]);
  });

  it("names a public page's call with its parameter's stand-in, literal paths first", async () => {
    const plan = await firstCallPlan();
    const payment = plan.routes.find((r) => r.path === "/payment/:referenceId")!;
    expect(payment).toEqual({
      path: "/payment/:referenceId",
      public: true,
      variants: [{ when: {}, calls: [["payment-detail", '{"referenceId":":referenceId"}']] }],
    });
    const paths = plan.routes.map((r) => r.path);
    expect(paths.indexOf("/payment/payment")).toBeLessThan(paths.indexOf("/payment/:referenceId"));
  });

  it("names the catalogue of the landing, pricing and checkout pages, for visitors too", async () => {
    const plan = await firstCallPlan();
    for (const path of ["/front-pages/landing-page", "/front-pages/pricing", "/front-pages/checkout"]) {
      expect(plan.routes.find((r) => r.path === path)).toEqual({
        path,
        public: true,
        variants: [{ when: {}, calls: [["public-catalogue", "{}"]] }],
      });
    }
    const portal = plan.routes.find((r) => r.path === "/pages/pricing")!;
    expect(portal.public).toBeUndefined();
    expect(portal.variants).toEqual([{ when: { "read Portal": true }, calls: [["public-catalogue", "{}"]] }]);
  });

  it("names the navbar's calls: the cart only for who can buy", async () => {
    const plan = await firstCallPlan();
    const buyer = plan.layout.find((v) => v.when["create Payment"] && v.when["update Cart"])!;
    expect(buyer.calls.map(([name]) => name)).toEqual(["searchcart", "search-notification"]);
    const other = plan.layout.find((v) => !v.when["create Payment"])!;
    expect(other.calls.map(([name]) => name)).toEqual(["search-notification"]);
  });
});
