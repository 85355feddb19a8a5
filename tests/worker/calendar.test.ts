import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, createAdmin, createCoupon, createItem, createUser, directFetch, type TestUser } from "./helpers";

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

async function addSubscription(userId: number, itemId: number, endsAt: Date) {
  const row = await env.DB.prepare(
    "INSERT INTO subscriptions (userId, itemId, startsAt, endsAt, grantRef) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING subscriptionId",
  )
    .bind(
      userId,
      itemId,
      new Date(endsAt.getTime() - 30 * DAY).toISOString(),
      endsAt.toISOString(),
      `test:${crypto.randomUUID()}`,
    )
    .first<{ subscriptionId: number }>();
  return row!.subscriptionId;
}

async function addPendingPayment(userId: number, name: string, expiresAt: Date, status = "pending") {
  const referenceId = crypto.randomUUID().replaceAll("-", "");
  const lines = JSON.stringify([{ kind: "item", refId: 1, name, unitPrice: 990, qty: 1, lineTotal: 990 }]);
  await env.DB.prepare(
    "INSERT INTO payments (referenceId, userId, amount, currency, status, lines, expiresAt) VALUES (?1, ?2, 990, 'USD', ?3, ?4, ?5)",
  )
    .bind(referenceId, userId, status, lines, expiresAt.toISOString())
    .run();
  return referenceId;
}

const search = (user: TestUser, body: object) => call("search-calendar", body, { cookie: user.cookie });
const feedPath = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string) => directFetch(`${BASE}${feedPath(url)}`);

interface Event {
  kind: string;
  title: string;
  start: string;
  link: string;
}

describe("the calendar", () => {
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let planId: number;
  const from = dayOf(inDays(-5));
  const to = dayOf(inDays(60));
  let alicePayment: string;
  let bobPayment: string;
  let coupon: { couponId: number; code: string };

  beforeAll(async () => {
    [admin, alice, bob] = await Promise.all([createAdmin(), createUser({ name: "Alice" }), createUser({ name: "Bob" })]);
    planId = await createItem({ name: `Plan ${crypto.randomUUID().slice(0, 6)}` });
    await addSubscription(alice.userId, planId, inDays(10));
    await addSubscription(bob.userId, planId, inDays(11));
    alicePayment = await addPendingPayment(alice.userId, "Alice's points", inDays(2));
    bobPayment = await addPendingPayment(bob.userId, "Bob's points", inDays(3));
    // A cancelled payment's expiry is no event.
    await addPendingPayment(alice.userId, "Cancelled already", inDays(4), "cancelled");
    coupon = await createCoupon({ expires: dayOf(inDays(20)) });
  });

  it("shows a client their own subscription ends and payment expiries, linked to their pages, and nothing of others", async () => {
    const answer = await search(alice, { from, to });
    expect(answer.status).toBe(200);
    const events = answer.body.events as Event[];
    expect(events).toEqual([
      expect.objectContaining({ kind: "payment-expires", title: "Alice's points", link: `/payment/${alicePayment}` }),
      expect.objectContaining({ kind: "subscription-ends", link: "/pages/account-settings/billing" }),
    ]);
    expect(JSON.stringify(events)).not.toContain(bobPayment);
    expect(JSON.stringify(events)).not.toContain(coupon.code);
  });

  it("reads today and the next 30 days when no period is named", async () => {
    const answer = await search(alice, {});
    expect(answer.status).toBe(200);
    expect((answer.body.events as Event[]).map((e) => e.kind)).toEqual(["payment-expires", "subscription-ends"]);
  });

  it("refuses a client another's calendar (403) and takes their own id", async () => {
    const other = await search(alice, { from, to, userId: bob.userId });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe("forbidden");
    const own = await search(alice, { from, to, userId: alice.userId });
    expect(own.status).toBe(200);
    expect(own.body.events).toHaveLength(2);
  });

  it("shows staff everyone's events with whose they are, the coupons' last days, and filters by client and kind", async () => {
    const all = (await search(admin, { from, to })).body.events as Event[];
    const titles = all.map((e) => e.title);
    expect(titles).toContain("Alice's points · Alice");
    expect(titles).toContain("Bob's points · Bob");
    expect(all).toContainEqual({ kind: "coupon-expires", title: coupon.code, start: dayOf(inDays(20)), link: "/portal/coupon" });
    expect(all).toContainEqual(expect.objectContaining({ kind: "subscription-ends", link: `/apps/user/view/${bob.userId}` }));
    // Earliest first.
    expect(all.map((e) => e.start)).toEqual([...all.map((e) => e.start)].sort());

    const bobs = (await search(admin, { from, to, userId: bob.userId })).body.events as Event[];
    expect(bobs.map((e) => e.kind)).toEqual(["payment-expires", "subscription-ends"]);
    expect(bobs.every((e) => e.title.endsWith("· Bob"))).toBe(true);

    const coupons = (await search(admin, { from, to, kinds: ["coupon-expires"] })).body.events as Event[];
    expect(coupons.length).toBeGreaterThan(0);
    expect(coupons.every((e) => e.kind === "coupon-expires")).toBe(true);

    const aliceEnds = (await search(admin, { from, to, userId: alice.userId, kinds: "subscription-ends" })).body
      .events as Event[];
    expect(aliceEnds).toEqual([expect.objectContaining({ kind: "subscription-ends", link: `/apps/user/view/${alice.userId}` })]);
  });

  it("answers 400 for a period that runs backwards or past 92 days, and for an unknown kind", async () => {
    for (const body of [
      { from: to, to: from },
      { from: "2030-01-01", to: "2030-04-04" },
      { from, to, kinds: ["birthdays"] },
      { from: "2030-02-30", to: "2030-03-01" },
      { from, to, unexpected: 1 },
    ]) {
      const answer = await search(alice, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await search(alice, { from: "2030-01-01", to: "2030-04-03" })).status).toBe(200);
  });

  it("answers 401 without a session", async () => {
    expect((await call("search-calendar", { from, to })).status).toBe(401);
    expect((await call("calendar-feed", {})).status).toBe(401);
  });
});

describe("the iCalendar feed", () => {
  it("parses with ical.js and carries its owner's events only, in their language, linked to the app", async () => {
    const [carol, dave] = await Promise.all([createUser({ name: "Carol" }), createUser({ name: "Dave" })]);
    const planId = await createItem({ name: "Carol plan" });
    const subscriptionId = await addSubscription(carol.userId, planId, inDays(15));
    const carolPayment = await addPendingPayment(carol.userId, "Carol points", inDays(1));
    const davePayment = await addPendingPayment(dave.userId, "Dave points", inDays(1));
    await env.DB.prepare("UPDATE users SET mailLanguage = 'fr' WHERE userId = ?1").bind(carol.userId).run();

    const address = await call("calendar-feed", {}, { cookie: carol.cookie });
    expect(address.status).toBe(200);
    const url = address.body.url as string;
    expect(url).toMatch(/^http:\/\/portal\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Asked again, the same address.
    expect((await call("calendar-feed", {}, { cookie: carol.cookie })).body.url).toBe(url);

    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    const text = await feed.text();
    expect(text).toContain("\r\n");
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(events.map((e) => e.summary).sort()).toEqual(["Fin d’abonnement : Carol plan", "Paiement expirant : Carol points"]);
    const ending = events.find((e) => e.summary.startsWith("Fin"))!;
    expect(ending.uid).toBe(`subscription-ends-${subscriptionId}@portal.test`);
    expect(ending.component.getFirstPropertyValue("url")).toBe("http://portal.test/pages/account-settings/billing");
    const expiring = events.find((e) => e.summary.startsWith("Paiement"))!;
    expect(expiring.component.getFirstPropertyValue("url")).toBe(`http://portal.test/payment/${carolPayment}`);
    expect(expiring.startDate.toJSDate().getTime()).toBeGreaterThan(Date.now());
    expect(text).not.toContain(davePayment);
    expect(text).not.toContain("Dave");
  });

  it("gives staff's feed the coupons' last days as whole days", async () => {
    const staff = await createAdmin();
    const coupon = await createCoupon({ expires: dayOf(inDays(9)) });
    const url = (await call("calendar-feed", {}, { cookie: staff.cookie })).body.url as string;
    const calendar = new ICAL.Component(ICAL.parse(await (await fetchFeed(url)).text()));
    const couponEvent = calendar
      .getAllSubcomponents("vevent")
      .map((vevent) => new ICAL.Event(vevent))
      .find((e) => e.summary === `Coupon expires: ${coupon.code}`);
    expect(couponEvent).toBeDefined();
    expect(couponEvent!.startDate.isDate).toBe(true);
    expect(couponEvent!.startDate.toString()).toBe(dayOf(inDays(9)));
  });

  it("rotating kills the old address (404) and stores only a hash of the secret", async () => {
    const erin = await createUser({ name: "Erin" });
    const old = (await call("calendar-feed", {}, { cookie: erin.cookie })).body.url as string;
    const rotated = await call("calendar-feed", { rotate: true }, { cookie: erin.cookie });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.url as string;
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
    const stored = await env.DB.prepare("SELECT * FROM calendar_feeds WHERE userId = ?1").bind(erin.userId).first();
    const secret = feedPath(fresh).split("/").pop()!.replace(".ics", "");
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it("answers 404 for an unknown or malformed secret, and for a closed or disabled account's address", async () => {
    expect((await directFetch(`${BASE}/api/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await directFetch(`${BASE}/api/calendar/nope.ics`)).status).toBe(404);
    const frank = await createUser({ name: "Frank" });
    const url = (await call("calendar-feed", {}, { cookie: frank.cookie })).body.url as string;
    expect((await fetchFeed(url)).status).toBe(200);
    await env.DB.prepare("UPDATE users SET userIsActive = 0 WHERE userId = ?1").bind(frank.userId).run();
    expect((await fetchFeed(url)).status).toBe(404);
    await env.DB.prepare("UPDATE users SET userIsActive = 1, deletedAt = ?2 WHERE userId = ?1")
      .bind(frank.userId, new Date().toISOString())
      .run();
    expect((await fetchFeed(url)).status).toBe(404);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM calendar_feeds WHERE userId = ?1").bind(frank.userId).first("n")).toBe(
      0,
    );
  });
});

describe("automatic renewals in the calendar (issue 42 item 1)", () => {
  it("shows a renewing subscription as a renewal, not an end: the client's own, staff everyone's, and in the feed", async () => {
    const [admin, erin, frank] = await Promise.all([createAdmin(), createUser({ name: "Erin" }), createUser({ name: "Frank" })]);
    const planId = await createItem({ name: `Renewing ${crypto.randomUUID().slice(0, 6)}` });
    const erinRenews = await addSubscription(erin.userId, planId, inDays(12));
    const frankRenews = await addSubscription(frank.userId, planId, inDays(13));
    await env.DB.prepare("UPDATE subscriptions SET autoRenew = 1 WHERE subscriptionId IN (?1, ?2)")
      .bind(erinRenews, frankRenews)
      .run();
    // A subscription whose renewal was taken already ends as any other.
    const erinTaken = await addSubscription(erin.userId, planId, inDays(14));
    await env.DB.prepare("UPDATE subscriptions SET autoRenew = 1, renewalTaken = 1 WHERE subscriptionId = ?1")
      .bind(erinTaken)
      .run();
    const period = { from: dayOf(inDays(-1)), to: dayOf(inDays(30)) };

    const own = (await search(erin, period)).body.events as Event[];
    expect(own).toEqual([
      expect.objectContaining({ kind: "renewal", link: "/pages/account-settings/billing" }),
      expect.objectContaining({ kind: "subscription-ends", link: "/pages/account-settings/billing" }),
    ]);
    expect(JSON.stringify(own)).not.toContain("Frank");

    const staff = (await search(admin, { ...period, kinds: ["renewal"] })).body.events as Event[];
    expect(staff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "renewal",
          title: expect.stringMatching(/ · Erin$/),
          link: `/apps/user/view/${erin.userId}`,
        }),
        expect.objectContaining({
          kind: "renewal",
          title: expect.stringMatching(/ · Frank$/),
          link: `/apps/user/view/${frank.userId}`,
        }),
      ]),
    );
    expect(staff.every((e) => e.kind === "renewal")).toBe(true);

    const url = (await call("calendar-feed", {}, { cookie: erin.cookie })).body.url as string;
    const calendar = new ICAL.Component(ICAL.parse(await (await fetchFeed(url)).text()));
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    const renewal = events.find((e) => e.uid === `renewal-${erinRenews}@portal.test`);
    expect(renewal?.summary).toMatch(/^Renewal: Renewing/);
    expect(renewal?.component.getFirstPropertyValue("url")).toBe("http://portal.test/pages/account-settings/billing");
    expect(events.some((e) => e.uid === `subscription-ends-${erinRenews}@portal.test`)).toBe(false);
    expect(events.some((e) => e.uid === `renewal-${frankRenews}@portal.test`)).toBe(false);
  });
});
