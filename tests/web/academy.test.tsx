import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import en from "../../web/src/features/academy/locales/en.json";
import frontEn from "../../web/src/features/front/locales/en.json";
import AcademyDashboardPage from "../../web/src/features/academy/pages/AcademyDashboardPage";
import AcademyStatsPage from "../../web/src/features/academy/pages/AcademyStatsPage";
import ArticleEditorPage from "../../web/src/features/academy/pages/ArticleEditorPage";
import CourseDetailsPage from "../../web/src/features/academy/pages/CourseDetailsPage";
import MyCoursePage from "../../web/src/features/academy/pages/MyCoursePage";
import HelpArticlePage from "../../web/src/features/front/pages/HelpArticlePage";
import HelpCenterPage from "../../web/src/features/front/pages/HelpCenterPage";
import { callsTo, fail, mockApi, ok, renderAt, setupPageTests, signIn, signInAsAdmin } from "./page-support";

setupPageTests({ academy: en, front: frontEn });

const row = (slug: string, course: string, read: boolean, extra: object = {}) => ({
  articleId: slug.length,
  slug,
  course,
  courseTitle: course === "start" ? "Getting started" : "Payments",
  position: 1,
  published: true,
  icon: "book",
  language: "en",
  title: `Title of ${slug}`,
  summary: `Summary of ${slug}`,
  read,
  updatedAt: "2026-12-01T10:00:00.000Z",
  ...extra,
});
const LIST = {
  data: [row("first-steps", "start", true), row("second-steps", "start", false), row("paying", "pay", false)],
  courses: [
    { slug: "start", title: "Getting started", position: 1, articles: 2, read: 1 },
    { slug: "pay", title: "Payments", position: 2, articles: 1, read: 0 },
    { slug: "empty", title: "Nothing yet", position: 3, articles: 0, read: 0 },
  ],
  total: 3,
  page: 1,
  limit: 100,
};
const client = () => signIn("client", [{ action: "read", subject: "Article" }]);

describe("the academy's routes", () => {
  it("are in the route table and the menus", () => {
    for (const path of [
      "/apps/academy/dashboard",
      "/apps/academy/my-course",
      "/apps/academy/course-details",
      "/dashboards/academy",
    ])
      expect(appRoutes.find((route) => route.path === path)?.ns).toBe("academy");
    expect(navItems.find((item) => item.to === "/apps/academy/dashboard")).toMatchObject({ section: "apps", icon: "book" });
    expect(navItems.find((item) => item.to === "/dashboards/academy")).toMatchObject({
      section: "dashboards",
      subject: "Article",
    });
  });
});

describe("academy dashboard and my course", () => {
  it("shows the courses that have articles with the reader's progress", async () => {
    client();
    mockApi({ "search-article": ok(LIST) });
    renderAt("/apps/academy/dashboard", AcademyDashboardPage);
    const cards = await screen.findAllByTestId("course-card");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText("1 of 2 read")).toBeTruthy();
    expect((within(cards[0]!).getByRole("progressbar") as HTMLProgressElement).value).toBe(50);
    expect(within(cards[1]!).getByRole("link", { name: "Payments" }).getAttribute("href")).toBe(
      "/apps/academy/course-details?course=pay",
    );
    expect(screen.queryByRole("link", { name: en.statsTitle })).toBeNull();
  });

  it("lists each course's articles marked read or not", async () => {
    client();
    mockApi({ "search-article": ok(LIST) });
    renderAt("/apps/academy/my-course", MyCoursePage);
    const start = await screen.findByRole("region", { name: "Getting started" });
    expect(within(start).getByRole("link", { name: /Title of first-steps read$/ })).toBeTruthy();
    expect(within(start).getByRole("link", { name: /Title of second-steps not read yet$/ })).toBeTruthy();
  });

  it("says so when no course has an article", async () => {
    client();
    mockApi({ "search-article": ok({ ...LIST, data: [], courses: [LIST.courses[2]] }) });
    renderAt("/apps/academy/dashboard", AcademyDashboardPage);
    expect(await screen.findByText(en.noCourses)).toBeTruthy();
  });
});

describe("course details", () => {
  it("opens the course's first article and marks it read", async () => {
    client();
    mockApi({
      "search-article": ok({ ...LIST, data: LIST.data.filter((a) => a.course === "start").map((a) => ({ ...a, read: false })) }),
      "article-detail": (body) =>
        ok({ ...row(String(body.slug), "start", false), body: "<p>Do <strong>this</strong> first.</p>" }),
      "mark-article-read": ok({ message: "The article is marked as read." }),
    });
    renderAt("/apps/academy/course-details?course=start", CourseDetailsPage);
    expect(await screen.findByRole("heading", { level: 2, name: "Title of first-steps" })).toBeTruthy();
    expect(screen.getByText("this").tagName).toBe("STRONG");
    expect(callsTo("search-article")[0]!.body).toEqual({ limit: 100, course: "start" });
    await waitFor(() => expect(callsTo("mark-article-read")[0]?.body).toEqual({ articleId: "first-steps".length }));
  });

  it("names an unknown course", async () => {
    client();
    mockApi({ "search-article": ok({ ...LIST, data: [] }) });
    renderAt("/apps/academy/course-details?course=nope", CourseDetailsPage);
    expect(await screen.findByText(en.noSuchCourse)).toBeTruthy();
  });
});

describe("staff", () => {
  it("see readers per article and the searches that found nothing", async () => {
    signInAsAdmin();
    mockApi({
      "article-stats": ok({
        articles: [{ articleId: 3, slug: "paying", title: "Paying", published: false, readers: 12 }],
        missedSearches: [{ search: "refund", language: "fr", searches: 4, lastAt: "2026-12-01T09:00:00.000Z" }],
      }),
    });
    renderAt("/dashboards/academy", AcademyStatsPage);
    const readers = await screen.findByRole("region", { name: en.readArticles });
    expect(within(readers).getByText("12")).toBeTruthy();
    expect(within(readers).getByText(en.draft)).toBeTruthy();
    expect(within(readers).getByRole("link", { name: /Edit/ }).getAttribute("href")).toBe(
      "/apps/academy/article-editor?slug=paying",
    );
    const missed = screen.getByRole("region", { name: en.missedSearches });
    expect(within(missed).getByText("refund")).toBeTruthy();
    expect(within(missed).getByText(en.languageName.fr)).toBeTruthy();
  });

  it("keep the French title while switching tabs and send nothing without the English text", async () => {
    signInAsAdmin();
    mockApi({
      "search-article": ok(LIST),
      "update-article": ok({ message: "The article is saved." }),
    });
    renderAt("/apps/academy/article-editor", ArticleEditorPage);
    fireEvent.change(await screen.findByLabelText(en.slug, { exact: false }), { target: { value: "welcome" } });
    fireEvent.change(screen.getByLabelText("Title (English)", { exact: false }), { target: { value: "Welcome" } });
    fireEvent.click(screen.getByRole("tab", { name: en.languageName.fr }));
    fireEvent.change(screen.getByLabelText("Title (French)", { exact: false }), { target: { value: "Bienvenue" } });
    // Without an English text, nothing is sent.
    fireEvent.click(screen.getByRole("button", { name: en.save }));
    expect(await screen.findByText(en.bodyRequired)).toBeTruthy();
    expect(callsTo("update-article")).toHaveLength(0);
    fireEvent.click(screen.getByRole("tab", { name: en.languageName.fr }));
    expect((screen.getByLabelText("Title (French)", { exact: false }) as HTMLInputElement).value).toBe("Bienvenue");
  });
});

describe("the help center on the Worker's articles", () => {
  it("shows what the Worker answers in place of the seed, grouped by its courses", async () => {
    mockApi({ "search-article": ok(LIST) });
    renderAt("/front-pages/help-center", HelpCenterPage);
    expect(await screen.findByRole("heading", { level: 2, name: "Getting started" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("help-article")).toHaveLength(3));
    expect(callsTo("search-article")[0]!.body).toEqual({ language: "en", search: "", limit: 100 });
  });

  it("asks the Worker after a pause in typing, which counts a search that found nothing", async () => {
    mockApi({ "search-article": (body) => ok(body.search ? { ...LIST, data: [], total: 0 } : LIST) });
    renderAt("/front-pages/help-center", HelpCenterPage);
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "zebra" } });
    await waitFor(() => expect(callsTo("search-article").some((c) => c.body.search === "zebra")).toBe(true));
    expect(screen.queryAllByTestId("help-article")).toHaveLength(0);
  });

  it("opens an article the build never saw, with its sanitised body, and marks it read for a signed-in reader", async () => {
    client();
    mockApi({
      "search-article": ok(LIST),
      "article-detail": ok({ ...row("brand-new", "start", false, { articleId: 77 }), body: "<h2>Nouveau</h2><p>Texte</p>" }),
      "mark-article-read": ok({ message: "ok" }),
    });
    renderAt("/front-pages/help-center/article/brand-new", HelpArticlePage, "/front-pages/help-center/article/:title");
    expect(await screen.findByRole("heading", { level: 1, name: "Title of brand-new" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Nouveau" })).toBeTruthy();
    await waitFor(() => expect(callsTo("mark-article-read")[0]?.body).toEqual({ articleId: 77 }));
  });

  it("marks nothing for a visitor, and an error other than 404 is not a missing article", async () => {
    mockApi({ "search-article": ok(LIST), "article-detail": fail(500, "Down") });
    renderAt("/front-pages/help-center/article/brand-new", HelpArticlePage, "/front-pages/help-center/article/:title");
    await waitFor(() => expect(callsTo("article-detail").length).toBeGreaterThan(0));
    expect(await screen.findByRole("button", { name: /retry|try again/i })).toBeTruthy();
    expect(screen.queryByText(frontEn.help.notFoundTitle)).toBeNull();
    expect(callsTo("mark-article-read")).toHaveLength(0);
  });
});
