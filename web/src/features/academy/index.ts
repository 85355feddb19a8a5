import type { AppRoute } from "../../lib/feature";

/** Clients (and staff) read the guides; staff write them and see what is read. */
export const readGuides = { action: "read", subject: "Article" } as const;
export const writeGuides = { action: "update", subject: "Article" } as const;

// One dynamic import for every academy page: each import() site costs the first load its preload list.
const pages = () => import("./pages/AcademyPages");

export const routes: AppRoute[] = [
  {
    path: "/apps/academy/dashboard",
    title: "academy:title",
    page: () => pages().then((m) => ({ default: m.AcademyDashboardPage })),
    meta: readGuides,
  },
  {
    path: "/apps/academy/my-course",
    title: "academy:myCourseTitle",
    page: () => pages().then((m) => ({ default: m.MyCoursePage })),
    meta: readGuides,
  },
  {
    path: "/apps/academy/course-details",
    title: "academy:courseTitle",
    page: () => pages().then((m) => ({ default: m.CourseDetailsPage })),
    meta: readGuides,
  },
  {
    path: "/apps/academy/article-editor",
    title: "academy:editorTitle",
    page: () => pages().then((m) => ({ default: m.ArticleEditorPage })),
    meta: writeGuides,
  },
  {
    path: "/dashboards/academy",
    title: "academy:statsTitle",
    page: () => pages().then((m) => ({ default: m.AcademyStatsPage })),
    meta: writeGuides,
  },
];
