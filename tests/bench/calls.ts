import { BENCH_TERMS, poolCode, type SeedContext } from "./seed-bulk";

export type Who = "admin" | "client";

/** One request body and its content type. */
export interface Body {
  contentType: string;
  payload: string;
}

/** One measured case of a call: who calls it, and the body of each request (fresh per request for writes). */
export interface CallCase {
  call: string;
  case: string;
  who: Who;
  kind: "read" | "write";
  next: () => Body;
}

export const json = (body: object): Body => ({ contentType: "application/json", payload: JSON.stringify(body) });

/** The day `n` days before yesterday (YYYY-MM-DD, UTC). */
const dayBefore = (n: number) => new Date(Date.now() - (n + 1) * 86_400_000).toISOString().slice(0, 10);

function read(call: string, label: string, who: Who, body: object = {}): CallCase {
  const fixed = json(body);
  return { call, case: label, who, kind: "read", next: () => fixed };
}

/** The multipart body of submit-job: a site and a small PDF (16 kB, ASCII), the same for every request. */
export function submitJobBody(siteId: number): Body {
  const boundary = "----bench-boundary-7f3a";
  const pdf = `%PDF-1.4\n${"% bench document line\n".repeat(745)}%%EOF\n`;
  const payload = [
    `--${boundary}\r\nContent-Disposition: form-data; name="siteId"\r\n\r\n${siteId}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="thesis.pdf"\r\nContent-Type: application/pdf\r\n\r\n${pdf}\r\n`,
    `--${boundary}--\r\n`,
  ].join("");
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload };
}

/**
 * Every read call of the portal (`me`, each `search*` list without and with a search term and a
 * filter, `search-quota`, `payment-attention`, `dashboard-stats`), then the three writes. Admin
 * calls see everything; client calls are the bench client's own (one row in ten of history and
 * payments, all of the quota ledger). dashboard-stats is also measured past its one-minute cache of the business
 * figures (each request names a period ending on another day). Writes get fresh inputs per request:
 * redeem-coupon takes the next coupon of a pool seeded for it (`poolCode`), updatecart cycles
 * products and quantities, submit-job spends the points the seed granted (same document each time;
 * each request makes a new job).
 */
export function callCases(ctx: SeedContext): CallCase[] {
  const site = ctx.sites[0]!;
  const item = ctx.items[0]!;
  let coupon = 0;
  let cartTurn = 0;
  let uncached = 0;
  const products = [
    ...ctx.bundles.map((b) => ({ kind: "bundle", refId: b.bundleId })),
    ...ctx.items.map((i) => ({ kind: "item", refId: i.itemId })),
  ];
  const submitJob = submitJobBody(site.siteId);
  return [
    read("me", "admin", "admin"),
    read("me", "client", "client"),
    read("searchuser", "all", "admin"),
    read("searchuser", "search", "admin", { search: BENCH_TERMS.userName }),
    read("searchuser", "filter role+status", "admin", { selectedRole: "client", selectedStatus: "active" }),
    read("searchuser", "filter plan", "admin", { selectedPlan: String(item.itemId) }),
    read("search-history", "all", "admin"),
    read("search-history", "search", "admin", { search: BENCH_TERMS.fileName }),
    read("search-history", "filter site+status", "admin", { selectedVendor: site.siteId, status: 1 }),
    read("search-history", "own (client)", "client"),
    read("search-payment", "all", "admin"),
    read("search-payment", "search", "admin", { search: BENCH_TERMS.userName }),
    read("search-payment", "filter status", "admin", { status: "paid" }),
    read("search-payment", "own (client)", "client"),
    read("payment-attention", "admin", "admin"),
    read("search-credit-note", "all", "admin"),
    read("search-credit-note", "own (client)", "client"),
    read("search-coupon", "all", "admin"),
    read("search-coupon", "search", "admin", { search: BENCH_TERMS.couponCode }),
    read("search-coupon", "filter status", "admin", { status: "unused" }),
    read("search-audit", "all", "admin"),
    read("search-audit", "search", "admin", { search: BENCH_TERMS.auditAction }),
    read("search-audit", "filter outcome", "admin", { outcome: "denied" }),
    read("search-outbox", "all", "admin"),
    read("search-outbox", "filter status", "admin", { status: "failed" }),
    read("search-quota", "own (client)", "client"),
    read("search-quota", "filter user (admin)", "admin", { userId: ctx.clientId }),
    read("search-subscription", "all", "admin"),
    read("search-subscription", "filter user", "admin", { userId: ctx.clientId }),
    read("search-session", "own", "admin"),
    read("search-apikey", "all", "admin"),
    read("search-role", "all", "admin"),
    read("search-role", "search", "admin", { search: "client" }),
    read("searchitem", "all", "admin"),
    read("searchitem", "search", "admin", { search: "plan" }),
    read("searchitem", "filter active+sort", "admin", { isActive: "active", sort: "price_asc" }),
    read("searchbundle", "all", "admin"),
    read("searchbundle", "filter active", "admin", { isActive: "active" }),
    read("searchsite", "all", "admin"),
    read("searchsite", "search", "admin", { search: "Check" }),
    read("searchsite", "filter status", "admin", { selectedStatus: "active" }),
    read("searchvendor", "all", "admin"),
    read("searchvendor", "search", "admin", { search: "account" }),
    read("searchvendor", "filter site", "admin", { selectedVendor: site.siteId }),
    read("search-downloads", "own (client)", "client"),
    read("searchcart", "own (client)", "client"),
    read("dashboard-stats", "admin, 30 days", "admin", { range: 30 }),
    // The business figures are cached for a minute per period; a period ending on another day each time
    // is what a cache miss costs (the first admin of each minute, or of each day).
    {
      call: "dashboard-stats",
      case: "admin, 30 days, uncached",
      who: "admin",
      kind: "read",
      next: () => json({ range: 30, end: dayBefore(uncached++) }),
    },
    read("dashboard-stats", "admin, 365 days", "admin", { range: 365 }),
    read("dashboard-stats", "client, 30 days", "client", { range: 30 }),
    { call: "submit-job", case: "client", who: "client", kind: "write", next: () => submitJob },
    {
      call: "redeem-coupon",
      case: "fresh coupon each",
      who: "client",
      kind: "write",
      next: () => json({ couponCode: poolCode(coupon++) }),
    },
    {
      call: "updatecart",
      case: "cycling qty",
      who: "client",
      kind: "write",
      next: () => {
        const turn = cartTurn++;
        return json({ ...products[turn % products.length]!, qty: 1 + (Math.floor(turn / products.length) % 5) });
      },
    },
  ];
}
