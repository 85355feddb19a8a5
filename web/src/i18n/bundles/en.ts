/**
 * Every en translation of the signed-in app in one file: all features but those with public pages
 * (auth, front, misc, payment: see SEPARATE_NAMESPACES in ../index.ts, which must name the same).
 */
export default import.meta.glob<Record<string, unknown>>(
  ["../locales/layout/en.json", "../../features/*/locales/en.json", "!../../features/{auth,front,misc,payment}/locales/en.json"],
  { eager: true, import: "default" },
);
