import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createAdmin, createUser, type TestUser } from "./helpers";

let slugs = 0;
const newSlug = () => `test-article-${Date.now().toString(36)}-${++slugs}`;

interface Draft {
  slug?: string;
  published?: boolean;
  title?: { en: string; fr?: string; ar?: string };
  body?: { en: string; fr?: string; ar?: string };
}

/** Saves an article as `admin` and answers the call's result. */
function save(admin: TestUser, draft: Draft = {}, articleId = 0) {
  return call(
    "update-article",
    {
      articleId,
      slug: draft.slug ?? newSlug(),
      course: "using",
      position: 9,
      published: draft.published ?? true,
      title: { fr: "", ar: "", ...(draft.title ?? { en: "Fresh guide" }) },
      body: { fr: "", ar: "", ...(draft.body ?? { en: "<p>English body</p>" }) },
    },
    { cookie: admin.cookie },
  );
}

describe("the seed", () => {
  it("holds the help center's articles in all three languages, in their courses", async () => {
    const fr = await call("search-article", { language: "fr" });
    expect(fr.status).toBe(200);
    const seeded = fr.body.data.filter((a: { slug: string }) => a.slug === "how-to-buy-points")[0];
    expect(seeded).toMatchObject({
      course: "buying",
      courseTitle: "Acheter et payer",
      language: "fr",
      title: "Comment acheter des points",
    });
    expect(fr.body.courses.map((c: { slug: string }) => c.slug)).toEqual(["buying", "using", "billing", "account"]);
    const ar = await call("article-detail", { slug: "how-to-buy-points", language: "ar" });
    expect(ar.body.language).toBe("ar");
    expect(ar.body.body).toMatch(/^<p>.+<\/p>$/s);
    expect(ar.body.texts).toBeUndefined();
  });
});

describe("articles by language", () => {
  it("falls back to English where a translation is missing, and reads the asked one where written", async () => {
    const admin = await createAdmin();
    const slug = newSlug();
    expect(
      (await save(admin, { slug, title: { en: "Only English", ar: "بالعربية" }, body: { en: "<p>EN</p>", ar: "<p>AR</p>" } }))
        .status,
    ).toBe(200);
    const fr = await call("article-detail", { slug, language: "fr" });
    expect(fr.body).toMatchObject({ language: "en", title: "Only English", body: "<p>EN</p>" });
    const ar = await call("article-detail", { slug, language: "ar" });
    expect(ar.body).toMatchObject({ language: "ar", title: "بالعربية", body: "<p>AR</p>" });
    // Without `language`, the web app's cookie chooses.
    const byCookie = await call("article-detail", { slug }, { headers: { cookie: "language=ar" } });
    expect(byCookie.body.title).toBe("بالعربية");
  });
});

describe("published only for clients and the public", () => {
  it("hides a draft from visitors and clients, shows it to staff with every language", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const slug = newSlug();
    await save(admin, { slug, published: false, title: { en: "Draft guide", fr: "Brouillon" } });
    expect((await call("article-detail", { slug })).status).toBe(404);
    expect((await call("article-detail", { slug }, { cookie: client.cookie })).body.code).toBe("no_such_article");
    const visitorList = await call("search-article", { search: "Draft guide" });
    expect(visitorList.body.data).toEqual([]);
    const clientList = await call("search-article", { search: "Draft guide" }, { cookie: client.cookie });
    expect(clientList.body.data).toEqual([]);
    const staff = await call("article-detail", { slug }, { cookie: admin.cookie });
    expect(staff.body.published).toBe(false);
    expect(staff.body.texts.fr.title).toBe("Brouillon");
    const staffList = await call("search-article", { search: "Draft guide" }, { cookie: admin.cookie });
    expect(staffList.body.data.map((a: { slug: string }) => a.slug)).toEqual([slug]);
  });
});

describe("staff-only writes", () => {
  it("refuses a client's and a visitor's writes, changing nothing", async () => {
    const client = await createUser();
    const admin = await createAdmin();
    const saved = await save(admin);
    const articleId = saved.body.article.articleId;
    const refused = await save(client, { title: { en: "Hijacked" } }, articleId);
    expect(refused.status).toBe(403);
    expect((await call("delete-article", { articleId }, { cookie: client.cookie })).status).toBe(403);
    expect((await call("delete-article", { articleId })).status).toBe(401);
    expect((await call("article-stats", {}, { cookie: client.cookie })).status).toBe(403);
    const row = await env.DB.prepare("SELECT titleEn FROM articles WHERE articleId = ?1")
      .bind(articleId)
      .first<{ titleEn: string }>();
    expect(row!.titleEn).toBe("Fresh guide");
  });

  it("writes audit rows, refuses a taken slug and an unknown course, and deletes", async () => {
    const admin = await createAdmin();
    const slug = newSlug();
    const first = await save(admin, { slug });
    expect(first.body.message).toBe("The article is saved.");
    const again = await save(admin, { slug });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("slug_taken");
    const badCourse = await call(
      "update-article",
      {
        articleId: 0,
        slug: newSlug(),
        course: "nope",
        position: 1,
        published: true,
        title: { en: "x" },
        body: { en: "<p>x</p>" },
      },
      { cookie: admin.cookie },
    );
    expect(badCourse.status).toBe(404);
    const articleId = first.body.article.articleId;
    expect((await call("delete-article", { articleId }, { cookie: admin.cookie })).status).toBe(200);
    expect((await call("article-detail", { slug }, { cookie: admin.cookie })).status).toBe(404);
    const audits = await env.DB.prepare(
      "SELECT action FROM audit_log WHERE subject = 'Article' AND subjectId = ?1 ORDER BY rowid",
    )
      .bind(String(articleId))
      .all<{ action: string }>();
    expect(audits.results.map((r) => r.action)).toEqual(["create-article", "delete-article"]);
  });
});

describe("sanitised bodies", () => {
  it("keeps the rich-text allow-list only, in every language", async () => {
    const admin = await createAdmin();
    const saved = await save(admin, {
      body: {
        en: '<p onclick="steal()">Hi <strong>there</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
        fr: '<p><a href="javascript:alert(1)">lien</a> <a href="https://example.com">sûr</a></p>',
      },
    });
    expect(saved.status).toBe(200);
    const row = await env.DB.prepare("SELECT bodyEn, bodyFr FROM articles WHERE articleId = ?1")
      .bind(saved.body.article.articleId)
      .first<{ bodyEn: string; bodyFr: string }>();
    expect(row!.bodyEn).toBe("<p>Hi <strong>there</strong></p>");
    expect(row!.bodyFr).not.toMatch(/javascript/i);
    expect(row!.bodyFr).toContain('href="https://example.com"');
  });
});

describe("read progress", () => {
  it("marks an article read for its reader only, and counts it in the courses", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const seed = await call("article-detail", { slug: "how-coupons-work" });
    const { articleId } = seed.body;
    expect((await call("mark-article-read", { articleId }, { cookie: alice.cookie })).status).toBe(200);
    expect((await call("mark-article-read", { articleId }, { cookie: alice.cookie })).status).toBe(200);
    const mine = await call("search-article", { course: "buying" }, { cookie: alice.cookie });
    expect(mine.body.data.find((a: { articleId: number }) => a.articleId === articleId).read).toBe(true);
    expect(mine.body.courses.find((c: { slug: string }) => c.slug === "buying").read).toBe(1);
    const theirs = await call("search-article", { course: "buying" }, { cookie: bob.cookie });
    expect(theirs.body.data.every((a: { read: boolean }) => !a.read)).toBe(true);
    expect(theirs.body.courses.find((c: { slug: string }) => c.slug === "buying").read).toBe(0);
    expect((await call("mark-article-read", { articleId })).status).toBe(401);
  });

  it("refuses to mark a draft read", async () => {
    const admin = await createAdmin();
    const client = await createUser();
    const draft = await save(admin, { published: false });
    const res = await call("mark-article-read", { articleId: draft.body.article.articleId }, { cookie: client.cookie });
    expect(res.status).toBe(404);
  });
});

describe("article-stats", () => {
  it("shows staff the readers of each article and the searches that found nothing", async () => {
    const admin = await createAdmin();
    const reader = await createUser();
    const seed = await call("article-detail", { slug: "invoices-and-receipts" });
    await call("mark-article-read", { articleId: seed.body.articleId }, { cookie: reader.cookie });
    const missed = `zebra-${Date.now()}`;
    await call("search-article", { search: missed, language: "fr" });
    await call("search-article", { search: missed, language: "fr" });
    await call("search-article", { search: "coupon", language: "en" });
    const stats = await call("article-stats", {}, { cookie: admin.cookie });
    expect(stats.status).toBe(200);
    expect(stats.body.articles.find((a: { slug: string }) => a.slug === "invoices-and-receipts").readers).toBeGreaterThanOrEqual(
      1,
    );
    expect(stats.body.missedSearches).toContainEqual(expect.objectContaining({ search: missed, language: "fr", searches: 2 }));
    expect(stats.body.missedSearches.some((s: { search: string }) => s.search === "coupon")).toBe(false);
  });
});
