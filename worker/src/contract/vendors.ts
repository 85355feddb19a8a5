import * as z from "zod";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";

export const LOGIN_METHODS = ["cookie", "email"] as const;

/** A vendor account: its secret (cookie or password) is write-only, only `hasSecret` comes back. */
export const vendor = z.strictObject({
  vendorId: z.number().int(),
  vendorSiteID: z.number().int(),
  siteName: z.string().nullable(),
  vendorName: z.string(),
  loginMethod: z.enum(LOGIN_METHODS),
  vendorEmail: z.string(),
  vendorIsActive: z.boolean(),
  hasSecret: z.boolean(),
  lastUsedAt: timestamp(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** selectedVendor is a site id; blank, 0 or "all" means every site. */
const siteFilter = z.preprocess(
  (v: number | string | null | undefined) =>
    v === undefined || v === null || v === "" || v === "all" || v === 0 || v === "0" ? undefined : v,
  f.id().optional(),
);

/** A write-only secret: absent or blank means "keep the stored one". */
const optionalSecret = (max: number) =>
  z.preprocess(
    (v: string | null | undefined) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
    z.string().max(max).optional(),
  );

export const vendorCalls = defineCalls({
  searchvendor: {
    summary: "Vendor accounts, by name, site (selectedVendor is a siteId) and status.",
    access: ["read", "Vendor"],
    input: z.object({ search: f.search(), selectedVendor: siteFilter, selectedStatus: f.statusFilter(), ...f.paging(10) }),
    answer: listOf(vendor),
  },
  updatevendor: {
    summary:
      "Creates (vendorId 0) or updates a vendor account; only the chosen login method's secret is kept, an absent one keeps the stored secret. Without loginMethod, vendorValue means cookie, vendorEmail or vendorPassword email; an update sending neither keeps its method.",
    access: ["manage", "Vendor"],
    input: z.object({
      vendorId: f.idOrNew(),
      vendorSiteID: f.id(),
      vendorName: f.displayName(200),
      vendorIsActive: f.bool(),
      // Absent: inferred from the credentials sent (the original client never sends it), or kept on update.
      loginMethod: f.blankIsAbsent(z.enum(LOGIN_METHODS)),
      vendorValue: optionalSecret(8000),
      vendorEmail: f.blankIsAbsent(f.email()),
      vendorPassword: optionalSecret(500),
    }),
    answer: z.strictObject({ message: z.string(), vendor }),
  },
  deletevendor: {
    summary: "Deletes a vendor account; 409 vendor_has_queued_jobs while a queued job is assigned to it.",
    access: ["manage", "Vendor"],
    input: z.object({ vendorId: f.id() }),
    answer: done,
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Vendor accounts": vendorCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { Vendor: vendor };
