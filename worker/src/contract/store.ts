import * as z from "zod";
import { day, defineCalls, listOf, timestamp } from "./call";
import { LINE_KINDS, referenceId } from "./commerce";
import { RANGES, type Range } from "./dashboard";
import * as f from "./fields";

/** How the store's product list sorts: as searchitem sorts. */
export const PRODUCT_SORTS = ["newest", "name", "price_asc", "price_desc"] as const;

/** An item or a bundle as the store's product list shows them side by side. */
export const product = z.strictObject({
  kind: z.enum(LINE_KINDS),
  id: z.number().int().meta({ description: "The itemId or the bundleId." }),
  name: z.string().meta({ description: "The item's name, the bundle's English name (\"\" when it has none)." }),
  description: z.string(),
  price: z.number().int(),
  isActive: z.boolean(),
  image: z.string().nullable(),
  duration: z.number().int().nullable().meta({ description: "An item's days; null for a bundle." }),
  points: z.number().int().nullable().meta({ description: "A bundle's points; null for an item." }),
  createdAt: timestamp(),
});

/** A client with what they brought the business. */
export const customer = z.strictObject({
  userId: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  userImage: z.string().nullable(),
  userIsActive: z.boolean(),
  createdAt: timestamp(),
  lifetimeValue: z.number().int().meta({ description: "What their paid payments kept: amount less refunds, minor units." }),
  orders: z.number().int().meta({ description: "Their paid payments (refunded ones included)." }),
  balance: z.number().int().meta({ description: "Their points (userQuota)." }),
  activeSubscriptions: z.number().int(),
  lastOrderAt: timestamp().nullable().meta({ description: "When their latest payment was made, whatever its status." }),
});

/** An audit row about a payment: what happened to an order, by whom, when. */
export const orderEvent = z.strictObject({
  auditId: z.number().int(),
  referenceId: z.string(),
  action: z.string(),
  actorEmail: z.string(),
  outcome: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: timestamp(),
});

const kpi = z.strictObject({ current: z.number(), previous: z.number() });

export const storeCalls = defineCalls({
  "search-product": {
    summary: "Items and bundles in one list: by name, kind and status, sorted as searchitem sorts.",
    access: ["read", "Sales"],
    input: z.object({
      search: f.search(),
      kind: f.blankIsAbsent(z.enum(LINE_KINDS)),
      status: f.statusFilter(),
      sort: f.blankIsAbsent(z.enum(PRODUCT_SORTS)).transform((v) => v ?? "newest"),
      ...f.paging(10),
    }),
    answer: listOf(product),
  },
  "search-customer": {
    summary: "Clients, newest first, with lifetime value net of refunds, balance, active subscriptions and last order.",
    access: ["read", "Sales"],
    input: z.object({ search: f.search(), userId: f.blankIsAbsent(f.id()), status: f.statusFilter(), ...f.paging(10) }),
    answer: listOf(customer),
  },
  "search-order-event": {
    summary: "What happened to orders, newest first, from the audit log: one payment's (`referenceId`) or every payment's.",
    access: ["read", "Sales"],
    input: z.object({ referenceId: f.blankIsAbsent(referenceId()), ...f.paging(20) }),
    answer: listOf(orderEvent),
  },
  "store-stats": {
    summary:
      "The store's figures for `range` UTC days ending with `end` (default today), against the period before: revenue net of refunds, orders, average order value, new customers, the referred part of new customers and revenue, and the top products by sales.",
    access: ["read", "Sales"],
    input: z.object({
      range: z.preprocess(
        (v: Range | `${Range}` | "" | null | undefined) =>
          v === undefined || v === null || v === "" ? 30 : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v,
        z.literal(RANGES).default(30),
      ),
      end: f.isoDate().optional(),
    }),
    answer: z.strictObject({
      range: z.literal(RANGES),
      from: day(),
      to: day(),
      days: z.array(day()),
      currency: z.string(),
      kpis: z.strictObject({ revenue: kpi, orders: kpi, averageOrderValue: kpi, newCustomers: kpi }),
      referrals: z.strictObject({ newCustomers: kpi, revenue: kpi }).meta({
        description:
          "The part of `kpis.newCustomers` who signed up by a referral, and of `kpis.revenue` (net of refunds) paid by referred clients.",
      }),
      series: z.strictObject({ revenue: z.array(z.number()), orders: z.array(z.number()) }),
      topProducts: z.array(
        z.strictObject({
          kind: z.enum(LINE_KINDS),
          refId: z.number().int(),
          name: z.string().meta({ description: 'Its name now (a bundle\'s English name, or ""); "" once deleted.' }),
          points: z.number().int().nullable(),
          qty: z.number().int(),
          amount: z.number().int().meta({ description: "What its lines sold for in the period (before refunds)." }),
        }),
      ),
    }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Sales: storeCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { Product: product, Customer: customer, OrderEvent: orderEvent };

/** Staff who run the store (its products, orders, customers and figures); an admin's `manage all` covers it. */
export const subjects = ["Sales"] as const;
