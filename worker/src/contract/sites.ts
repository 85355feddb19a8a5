import * as z from "zod";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";
import { bodyLimitFor } from "./uploads";

/** A site: a vendor service clients spend points on. */
export const site = z.strictObject({
  siteId: z.number().int(),
  siteName: z.string(),
  siteDesc: z.string(),
  sitePrice: z.number().int(),
  siteIsUse: z.boolean(),
  siteImage: z.string().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

export const siteCalls = defineCalls({
  searchsite: {
    summary: "Sites by name; those who cannot manage sites see the ones in use only.",
    access: ["read", "Site"],
    input: z.object({ search: f.search(), selectedStatus: f.statusFilter(), ...f.paging(10) }),
    answer: listOf(site),
  },
  updatesite: {
    summary: "Creates (siteId 0) or updates a site, with an optional new image.",
    access: ["manage", "Site"],
    maxBody: bodyLimitFor("image"),
    input: z.object({
      siteId: f.idOrNew(),
      siteName: f.displayName(200),
      siteDesc: f.text(2000),
      sitePrice: f.int(0, 1_000_000),
      siteIsUse: f.bool(),
      siteImageNew: f.optionalFile(),
    }),
    answer: z.strictObject({ message: z.string(), site }),
  },
  deletesite: {
    summary: "Deletes a site and its vendor accounts; 409 site_has_queued_jobs while a job of it is queued.",
    access: ["manage", "Site"],
    input: z.object({ siteId: f.id() }),
    answer: done,
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Sites: siteCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { Site: site };
