import * as z from "zod";
import { defineCalls, done, listOf, timestamp } from "./call";
import * as f from "./fields";
import { bodyLimitFor } from "./uploads";

export const ITEM_SORTS = ["newest", "name", "price_asc", "price_desc"] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

/** An item (a subscription plan): the image as a URL, the file by its name only (never its storage key). */
export const item = z.strictObject({
  itemId: z.number().int(),
  itemName: z.string(),
  itemDesc: z.string(),
  itemPrice: z.number().int(),
  itemDuration: z.number().int(),
  itemUrl: z.string(),
  itemImage: z.string().nullable(),
  itemFile: z.string().nullable(),
  itemIsActive: z.boolean(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/**
 * A link shown to buyers: only http(s), so no javascript: URL reaches a page. Blank clears it; absent
 * (the original client never sends it) keeps the stored one, or none for a new item.
 */
const itemUrl = z.preprocess(
  (v: string | null | undefined) => (v === null ? undefined : v),
  z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), { message: "must be an http(s) address" })
    .optional(),
);

/**
 * What a new item takes when the original client (which sends neither field) creates it: a month of
 * access, on sale. An update without them keeps the stored values.
 */
export const NEW_ITEM_DEFAULTS = { itemDuration: 30, itemIsActive: true } as const;

export const itemCalls = defineCalls({
  searchitem: {
    summary: "Items: text search and sort; those who cannot manage items see the active ones only.",
    access: ["read", "Item"],
    input: z.object({
      search: f.search(),
      sort: z.preprocess(
        (v: ItemSort | "" | null | undefined) => (v === undefined || v === null || v === "" ? "newest" : v),
        z.enum(ITEM_SORTS).default("newest"),
      ),
      isActive: f.statusFilter(),
      ...f.paging(12),
    }),
    answer: listOf(item),
  },
  updateitem: {
    summary:
      "Creates (itemId 0) or updates an item, with an optional new image and downloadable file; without itemDuration or itemIsActive, a new item lasts 30 days and is on sale, an update keeps them.",
    access: ["manage", "Item"],
    maxBody: bodyLimitFor("itemFile"),
    input: z.object({
      itemId: f.idOrNew(),
      itemImageNew: f.optionalFile(),
      itemName: f.displayName(200),
      itemDesc: f.optionalText(2000),
      itemPrice: f.int(0, 100_000_000),
      // Days of access; ten years is already more than any plan sells. Absent: NEW_ITEM_DEFAULTS or kept.
      itemDuration: f.blankIsAbsent(f.int(1, 3650)),
      itemUrl,
      itemIsActive: f.blankIsAbsent(f.bool()),
      uploadedFile: f.optionalFile(),
    }),
    answer: z.strictObject({ message: z.string(), item }),
  },
  deleteitem: {
    summary: "Deletes an item nobody subscribed to (409 item_has_subscriptions otherwise).",
    access: ["manage", "Item"],
    input: z.object({ itemId: f.id() }),
    answer: done,
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { Items: itemCalls };

/** The answer schemas the OpenAPI document names (`components.schemas`). */
export const entities = { Item: item };
