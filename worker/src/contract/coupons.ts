import * as z from "zod";
import { day, defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";

export const COUPON_STATUSES = ["unused", "used", "expired"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const MAX_COUPONS = 1000;

/** A coupon, with its buyer's name and its computed status. */
export const coupon = z.strictObject({
  couponId: z.number().int(),
  couponCode: z.string(),
  couponQuota: z.number().int(),
  couponExpired: day(),
  couponUsed: z.enum(["N", "Y"]),
  couponUsedDate: timestamp().nullable(),
  couponUsedBy: z.number().int().nullable(),
  couponUsedByName: z.string().nullable(),
  createdAt: timestamp(),
  couponStatus: z.enum(COUPON_STATUSES),
});

export const couponCalls = defineCalls({
  "search-coupon": {
    summary: "Coupons, newest first, by code and status.",
    access: ["read", "Coupon"],
    input: z.object({
      search: f.search(),
      status: z.preprocess(
        (v: CouponStatus | "" | "all" | null | undefined) => (v === "" || v === null || v === "all" ? undefined : v),
        z.enum(COUPON_STATUSES).optional(),
      ),
      ...f.paging(10),
    }),
    answer: listOf(coupon),
  },
  "generate-coupons": {
    summary: "Draws 1..1000 unique codes worth couponQuota points each, valid through couponExpired.",
    access: ["manage", "Coupon"],
    input: z.object({
      couponQuota: f.int(1, 1_000_000),
      couponExpired: f.isoDate(),
      couponCount: z.preprocess(
        (v: number | string | null | undefined) => (v === undefined || v === null || v === "" ? 1 : v),
        f.int(1, MAX_COUPONS).default(1),
      ),
      couponPrefix: z.preprocess(
        (v: string | null | undefined) => (v === undefined || v === null ? "" : v),
        z
          .string()
          .trim()
          .max(12)
          .regex(/^[A-Za-z0-9-]*$/, { message: "mustBeCouponPrefix" })
          .transform((v) => v.toUpperCase())
          .default(""),
      ),
    }),
    answer: z.strictObject({ message: z.string(), codes: z.array(z.string()) }),
  },
  deletecoupon: {
    summary: "Deletes an unused coupon (409 coupon_used otherwise).",
    access: ["manage", "Coupon"],
    input: z.object({ couponId: f.id() }),
    answer: done,
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Coupons: couponCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { Coupon: coupon };
