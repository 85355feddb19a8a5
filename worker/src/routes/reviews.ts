import type { ListRowOf } from "../contract";
import { reviewCalls } from "../contract/reviews";
import { listPage } from "../db/list";
import { audit } from "../domain/audit";
import { holdsOrHeld, reviewList, reviewRows } from "../domain/reviews/queries";
import { forbidden, notFound } from "../errors";
import { domainOf, requireUser, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { runBatch } from "../db";

type Review = ListRowOf<"search-review">;

async function reviewById(ctx: Ctx, reviewId: number): Promise<Review> {
  const review = await reviewRows(ctx.db).where("r.reviewId", "=", reviewId).executeTakeFirst();
  if (!review) throw notFound("noSuchReview", "no_such_review");
  return review as Review;
}

const addReview = route(reviewCalls["add-review"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    const item = await ctx.db.selectFrom("items").select("itemId").where("itemId", "=", input.itemId).executeTakeFirst();
    if (!item) throw notFound("noSuchReviewItem", "no_such_item");
    if (!(await holdsOrHeld(ctx.db, user.userId, input.itemId))) throw forbidden("reviewNotHolder", "not_holder");
    const now = new Date().toISOString();
    // One review per client and item: a second one edits it, and it waits for moderation again.
    const saved = await ctx.db
      .insertInto("reviews")
      .values({ itemId: input.itemId, userId: user.userId, rating: input.rating, reviewText: input.text })
      .onConflict((oc) =>
        oc.columns(["userId", "itemId"]).doUpdateSet({
          rating: input.rating,
          reviewText: input.text,
          status: "pending",
          updatedAt: now,
        }),
      )
      .returning("reviewId")
      .executeTakeFirstOrThrow();
    return json({ message: success(ctx, "reviewSaved"), review: await reviewById(ctx, saved.reviewId) });
  },
});

const searchReview = route(reviewCalls["search-review"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    // Staff see every review; everyone else only what staff published.
    const staff = ctx.ability.can("update", "Review");
    const status = staff ? input.status : "published";
    const { query, ...options } = reviewList(ctx.db, { itemId: input.itemId, status, userId: user.userId });
    const page = await listPage<Review>(ctx.db, query, { ...options, window: input });
    if (input.itemId === undefined) return list(page.rows, page, input.page, input.limit);
    const summary = page.with[0]![0] as { average: number | null; count: number };
    const mine = (page.with[1]![0] as Review | undefined) ?? null;
    const average = summary.average === null ? null : Math.round(Number(summary.average) * 10) / 10;
    const canReview = page.with[2]!.length > 0;
    return list(page.rows, page, input.page, input.limit, { average, count: Number(summary.count), mine, canReview });
  },
});

const moderateReview = route(reviewCalls["moderate-review"], {
  async handler(ctx, input) {
    await reviewById(ctx, input.reviewId);
    await runBatch(ctx.env.DB, [
      ctx.db.updateTable("reviews").set({ status: input.status }).where("reviewId", "=", input.reviewId),
      audit(domainOf(ctx), {
        action: "moderate-review",
        subject: "Review",
        subjectId: input.reviewId,
        detail: { status: input.status },
      }),
    ]);
    const key = input.status === "published" ? "reviewPublished" : "reviewHidden";
    return json({ message: success(ctx, key), review: await reviewById(ctx, input.reviewId) });
  },
});

export const routes = [addReview, searchReview, moderateReview];
