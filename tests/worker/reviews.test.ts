import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createAdmin, createItem, createUser, type TestUser } from "./helpers";

/** A subscription to `itemId` straight in D1, running or (with `ended`) over. */
async function subscribe(user: TestUser, itemId: number, ended = false) {
  const ends = ended ? "2020-02-01T00:00:00.000Z" : "2999-01-01T00:00:00.000Z";
  await env.DB.prepare("INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, ?3, ?4, ?5)")
    .bind(user.userId, itemId, "2020-01-01T00:00:00.000Z", ends, `test:${user.userId}:${itemId}:${Math.random()}`)
    .run();
}

const review = (user: TestUser, itemId: number, rating: number, text: string) =>
  call("add-review", { itemId, rating, text }, { cookie: user.cookie });

describe("add-review", () => {
  it("takes a review only from a client who holds or held the item", async () => {
    const itemId = await createItem();
    const stranger = await createUser();
    const refused = await review(stranger, itemId, 5, "Never bought it");
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("not_holder");
    const past = await createUser({ name: "Past Holder" });
    await subscribe(past, itemId, true);
    const res = await review(past, itemId, 4, "Был хорош, спасибо\nسأعود");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.review).toMatchObject({
      itemId,
      rating: 4,
      text: "Был хорош, спасибо\nسأعود",
      status: "pending",
      userName: "Past Holder",
    });
    expect((await review(past, 999_999, 4, "x")).status).toBe(404);
  });

  it("keeps one review per client and item: a second one edits it, waits for moderation again, and is in the export", async () => {
    const itemId = await createItem();
    const client = await createUser();
    const admin = await createAdmin();
    await subscribe(client, itemId);
    const first = await review(client, itemId, 2, "So-so");
    await call("moderate-review", { reviewId: first.body.review.reviewId, status: "published" }, { cookie: admin.cookie });
    const second = await review(client, itemId, 5, "Much better now");
    expect(second.body.review).toMatchObject({
      reviewId: first.body.review.reviewId,
      rating: 5,
      text: "Much better now",
      status: "pending",
    });
    const exported = await call("export-my-data", {}, { cookie: client.cookie });
    expect(exported.body.reviews).toEqual([
      expect.objectContaining({ itemId, rating: 5, text: "Much better now", status: "pending" }),
    ]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM reviews WHERE userId = ?1 AND itemId = ?2")
      .bind(client.userId, itemId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("refuses a rating outside 1..5, a blank or too long text and control characters, storing nothing", async () => {
    const itemId = await createItem();
    const client = await createUser();
    await subscribe(client, itemId);
    for (const [rating, text] of [
      [0, "ok"],
      [6, "ok"],
      [3, "  "],
      [3, "x".repeat(2001)],
      [3, "bad\u202Eoverride"],
    ] as const) {
      const res = await review(client, itemId, rating, text);
      expect(res.status, `${rating} ${text.slice(0, 10)}`).toBe(400);
    }
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM reviews WHERE userId = ?1")
      .bind(client.userId)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe("search-review and moderate-review", () => {
  it("shows clients only published reviews with their average; staff see all and moderate", async () => {
    const itemId = await createItem({ name: "Reviewed plan" });
    const admin = await createAdmin();
    const [a, b, c] = await Promise.all([createUser(), createUser(), createUser()]);
    for (const user of [a!, b!, c!]) await subscribe(user, itemId);
    const ids = [];
    for (const [user, rating] of [
      [a!, 5],
      [b!, 4],
      [c!, 1],
    ] as const)
      ids.push((await review(user, itemId, rating, `Rated ${rating}`)).body.review.reviewId as number);
    await call("moderate-review", { reviewId: ids[0], status: "published" }, { cookie: admin.cookie });
    await call("moderate-review", { reviewId: ids[1], status: "published" }, { cookie: admin.cookie });
    const hidden = await call("moderate-review", { reviewId: ids[2], status: "hidden" }, { cookie: admin.cookie });
    expect(hidden.status).toBe(200);
    expect(hidden.body.review.status).toBe("hidden");

    const reader = await createUser();
    const shop = await call("search-review", { itemId, status: "hidden" }, { cookie: reader.cookie });
    expect(shop.status).toBe(200);
    expect(shop.body).toMatchObject({ total: 2, average: 4.5, count: 2, mine: null, canReview: false });
    expect(shop.body.data.map((r: { text: string }) => r.text)).toEqual(["Rated 4", "Rated 5"]);
    const all = await call("search-review", {}, { cookie: reader.cookie });
    expect(all.body.data.some((r: { status: string }) => r.status !== "published")).toBe(false);
    // The hidden review's own author sees it as "mine", never in the public list.
    const own = await call("search-review", { itemId }, { cookie: c!.cookie });
    expect(own.body.mine).toMatchObject({ reviewId: ids[2], status: "hidden" });
    expect(own.body.canReview).toBe(true);
    expect(own.body.data.map((r: { reviewId: number }) => r.reviewId)).not.toContain(ids[2]);

    const staff = await call("search-review", { itemId, status: "hidden" }, { cookie: admin.cookie });
    expect(staff.body.data.map((r: { reviewId: number }) => r.reviewId)).toEqual([ids[2]]);
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'moderate-review' AND subjectId = ?1")
      .bind(String(ids[2]))
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
  });

  it("refuses moderation to clients and answers 404 for an unknown review", async () => {
    const client = await createUser();
    expect((await call("moderate-review", { reviewId: 1, status: "published" }, { cookie: client.cookie })).status).toBe(403);
    const admin = await createAdmin();
    const missing = await call("moderate-review", { reviewId: 999_999, status: "published" }, { cookie: admin.cookie });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("no_such_review");
  });
});

describe("account closure and reviews (issue 41's leftovers)", () => {
  it("erases the closed client's reviews, text and rating, and leaves the others' alone", async () => {
    const itemId = await createItem();
    const admin = await createAdmin();
    const leaving = await createUser({ name: "Leaving Client" });
    const staying = await createUser();
    await subscribe(leaving, itemId);
    await subscribe(staying, itemId);
    const gone = await review(leaving, itemId, 1, "Signed, Leaving Client of 12 Rue Example");
    const kept = await review(staying, itemId, 5, "Works well");
    for (const { body } of [gone, kept])
      await call("moderate-review", { reviewId: body.review.reviewId, status: "published" }, { cookie: admin.cookie });

    expect((await call("close-account", { password: leaving.password }, { cookie: leaving.cookie })).status).toBe(200);
    const texts = await env.DB.prepare("SELECT reviewText FROM reviews WHERE itemId = ?1").bind(itemId).all();
    expect(texts.results).toEqual([{ reviewText: "Works well" }]);
    const shop = await call("search-review", { itemId }, { cookie: staying.cookie });
    expect(shop.body).toMatchObject({ average: 5, count: 1 });
  });
});
