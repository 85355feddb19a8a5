// Every academy page in one chunk: one lazy import in index.ts, which every first load carries.
export { default as AcademyDashboardPage } from "./AcademyDashboardPage";
export { default as MyCoursePage } from "./MyCoursePage";
export { default as CourseDetailsPage } from "./CourseDetailsPage";
export { default as AcademyStatsPage } from "./AcademyStatsPage";
export { default as ArticleEditorPage } from "./ArticleEditorPage";
