import { describe, expect, it } from "vitest";
import { call, createAdmin, createItem, createUser } from "./helpers";

describe("subscriptions", () => {
  it("starts a bought item now and extends it from the current end when bought again", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const itemId = await createItem({ name: "Starter plan", days: 30 });
    const buy = () =>
      call("add-payment", { userId: client.userId, lines: [{ kind: "item", refId: itemId, qty: 1 }] }, { cookie: admin.cookie });
    expect((await buy()).status).toBe(200);
    expect((await buy()).status).toBe(200);
    const res = await call("search-subscription", {}, { cookie: client.cookie });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    const [later, first] = res.body.data;
    expect(later).toMatchObject({ itemId, itemName: "Starter plan", active: true });
    expect(later.startsAt).toBe(first.endsAt);
    expect((Date.parse(later.endsAt) - Date.parse(first.startsAt)) / 86400_000).toBeCloseTo(60, 3);
    expect((await call("me", {}, { cookie: client.cookie })).body.userData.userPlan).toBe("Starter plan");
  });

  it("shows another user's subscriptions to an admin only", async () => {
    const admin = await createAdmin();
    const owner = await createUser();
    const other = await createUser();
    const itemId = await createItem();
    await call(
      "add-payment",
      { userId: owner.userId, lines: [{ kind: "item", refId: itemId, qty: 2 }] },
      { cookie: admin.cookie },
    );
    expect((await call("search-subscription", { userId: owner.userId }, { cookie: other.cookie })).status).toBe(403);
    const seen = await call("search-subscription", { userId: owner.userId }, { cookie: admin.cookie });
    expect(seen.body.data).toHaveLength(1);
    // Two of a 30-day item: 60 days.
    const sub = seen.body.data[0];
    expect((Date.parse(sub.endsAt) - Date.parse(sub.startsAt)) / 86400_000).toBeCloseTo(60, 3);
    expect((await call("search-subscription", {}, { cookie: other.cookie })).body.data).toEqual([]);
  });
});
