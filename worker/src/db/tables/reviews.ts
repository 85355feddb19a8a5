import type { Generated } from "kysely";

/** A client's review of an item (migration 0291). */
export interface ReviewsTable {
  reviewId: Generated<number>;
  itemId: number;
  userId: number;
  rating: number;
  reviewText: string;
  status: Generated<"pending" | "published" | "hidden">;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}

declare module "../schema" {
  interface Database {
    reviews: ReviewsTable;
  }
}
