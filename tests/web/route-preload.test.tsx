import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { COUPON, list, routeNamed, signedIn, SITE, type Answers } from "./prefetch-support";
import { ADMIN_RULES, CLIENT_RULES, mockApi, renderApp, setupI18n } from "./shell-support";

/** Route-level preloads, in a file of their own: every page chunk here loads for the first time. */
beforeAll(setupI18n);
// The first test of the file also pays for loading the layout and pages on demand.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Holds a route's page chunk back until `release()`: what is under way before the page exists shows. */
function holdChunk(name: string) {
  const route = routeNamed(name);
  const load = route.page;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const spy = vi.spyOn(route, "page").mockImplementation(() => held.then(load));
  return { spy, release };
}

const STATS = {
  range: 30,
  from: "2026-03-01",
  to: "2026-03-30",
  days: [],
  currency: "USD",
  generatedAt: "2026-03-30T12:00:00.000Z",
  business: null,
  own: { subscriptions: [] },
};
const BANK = { name: "Example Bank", accountName: "Edge Portal Ltd", accountNumber: "0000-1111-2222", logo: "/bank-logo.svg" };
const REF = "p000000000000000000000ab";

/**
 * The main routes with first calls: opened by the user they are for, each call must start while the
 * page's chunk is still on its way, and the page must show with exactly that one request.
 */
const ROUTES: { path: string; route: string; who: "admin" | "client" | null; answers: Answers; preloads: string[] }[] = [
  {
    path: "/dashboards/crm",
    route: "dashboards-crm",
    who: "admin",
    answers: { "dashboard-stats": { body: STATS } },
    preloads: ["dashboard-stats"],
  },
  {
    path: "/portal/dashboard?range=90",
    route: "portal-dashboard",
    who: "client",
    answers: { "dashboard-stats": { body: { ...STATS, range: 90 } } },
    preloads: ["dashboard-stats"],
  },
  {
    path: "/payment/payment",
    route: "payment-payment",
    who: "client",
    answers: { searchcart: { body: { carts: [], amounts: { subtotal: 0, total: 0, currency: "USD", count: 0 }, bank: BANK } } },
    preloads: ["searchcart"],
  },
  {
    path: "/portal/site?search=check",
    route: "portal-site",
    who: "client",
    answers: { searchsite: list([SITE]) },
    preloads: ["searchsite"],
  },
  {
    path: "/portal/coupon?status=unused&page=2",
    route: "portal-coupon",
    who: "admin",
    answers: { "search-coupon": list([COUPON]) },
    preloads: ["search-coupon"],
  },
  {
    path: "/portal/bundle",
    route: "portal-bundle",
    who: "client",
    answers: { searchbundle: list([]) },
    preloads: ["searchbundle"],
  },
  {
    path: "/portal/item?sort=name",
    route: "portal-item",
    who: "admin",
    answers: { searchitem: list([]) },
    preloads: ["searchitem"],
  },
  {
    path: "/portal/user?selectedRole=client",
    route: "portal-user",
    who: "admin",
    answers: { searchuser: list([]) },
    preloads: ["searchuser"],
  },
  {
    path: "/portal/history",
    route: "portal-history",
    who: "admin",
    answers: { "search-history": list([]) },
    preloads: ["search-history"],
  },
  {
    path: `/payment/${REF}`,
    route: "payment-reference-id",
    who: null,
    answers: {
      "payment-detail": {
        body: {
          referenceId: REF,
          amount: 950,
          currency: "USD",
          status: "pending",
          lines: [],
          hasProof: false,
          createdAt: "2026-05-01T10:00:00.000Z",
          paidAt: null,
          expiresAt: "2999-01-01T00:00:00.000Z",
          invoiceNumber: null,
          payerName: "A**** H*****",
          bank: BANK,
        },
      },
    },
    preloads: ["payment-detail"],
  },
];

const CLIENT_SHOP_RULES = [
  ...CLIENT_RULES,
  ...["Dashboard", "Item", "Bundle", "Site"].map((subject) => ({ action: "read", subject })),
];
const CLIENT_BUYER_RULES = [
  ...CLIENT_SHOP_RULES,
  { action: "create", subject: "Payment" },
  { action: "manage", subject: "Cart" },
];

describe("arriving on a route", () => {
  it.each(ROUTES)(
    "starts $path's first calls with its chunk, and its page uses them",
    async ({ path, route, who, answers, preloads }) => {
      const session =
        who === "admin" ? signedIn("admin", ADMIN_RULES) : who === "client" ? signedIn("client", CLIENT_BUYER_RULES) : {};
      const { calls } = mockApi({ ...session, ...answers });
      const chunk = holdChunk(route);
      const app = renderApp(path);
      for (const call of preloads) await waitFor(() => expect(calls.filter((c) => c.name === call)).toHaveLength(1));
      expect(chunk.spy).toHaveBeenCalledTimes(1);
      await act(async () => chunk.release());
      await screen.findByRole("heading", { level: 1 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const call of preloads) expect(calls.filter((c) => c.name === call)).toHaveLength(1);
      expect(app.current()).toBe(path);
    },
  );
});
