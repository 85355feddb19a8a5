// Both logistics pages in one chunk: one lazy import in index.ts, which every first load carries.
export { default as FleetPage } from "./FleetPage";
export { default as LogisticsDashboardPage } from "./LogisticsDashboardPage";
