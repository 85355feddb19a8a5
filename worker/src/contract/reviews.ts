import * as z from "zod";
import { defineCalls, listOf, timestamp } from "./call";
import * as f from "./fields";

/** The CASL subject of reviews (clients create and read; staff update, that is publish or hide). */
export const subjects = ["Review"] as const;

export const REVIEW_TEXT_MAX = 2000;

/**
 * A review's text: plain text in any language, lines allowed; other control characters and
 * bidirectional overrides are refused as in display names.
 */
const reviewText = () =>
  f
    .text(REVIEW_TEXT_MAX)
    .refine((v) => !f.hasUnsafeCharacters(v.replace(/\r?\n/g, " ")), { params: { reason: "mustBePlainText" } });

export const reviewStatus = z.enum(["pending", "published", "hidden"]);

export const review = z.strictObject({
  reviewId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  rating: z.number().int(),
  text: z.string(),
  status: reviewStatus.meta({ description: "pending until staff publish or hide it; an edit makes it pending again." }),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

export const reviewCalls = defineCalls({
  "add-review": {
    summary:
      "Rates an item the caller holds or held (a subscription, running or ended) 1 to 5 with a text. One review per client and item: " +
      "a second call edits it, and it waits for moderation again. 403 not_holder otherwise.",
    access: ["create", "Review"],
    input: z.object({ itemId: f.id(), rating: f.int(1, 5), text: reviewText() }),
    answer: z.strictObject({ message: z.string(), review }),
  },
  "search-review": {
    summary:
      "Reviews, newest first. Staff (`update Review`): all, by item and status. Everyone else: the published ones only. " +
      "With `itemId`, also the published reviews' `average` (null when none) and `count`, the caller's own review of it (`mine`) and whether they may write one (`canReview`).",
    access: ["read", "Review"],
    input: z.object({
      itemId: f.blankIsAbsent(f.id()),
      status: f.blankIsAbsent(reviewStatus),
      ...f.paging(10),
    }),
    answer: listOf(review, {
      average: z.number().nullable().optional(),
      count: z.number().int().optional(),
      mine: review.nullable().optional(),
      canReview: z.boolean().optional().meta({ description: "Whether the caller holds or held the item, so may review it." }),
    }),
  },
  "moderate-review": {
    summary: "Publishes or hides a review (staff).",
    access: ["update", "Review"],
    input: z.object({ reviewId: f.id(), status: z.enum(["published", "hidden"]) }),
    answer: z.strictObject({ message: z.string(), review }),
  },
});

export const groups = { Reviews: reviewCalls };
export const entities = { Review: review };
