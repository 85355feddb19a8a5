/**
 * The style guide's pages by menu group, as the route table and the menu need them. Only slugs live here:
 * this file is in every page's first load (the route table), so the demos and their code snippets stay in
 * registry.tsx, a lazy chunk, which tsc holds to one entry per slug below.
 */
export const CATALOGUE = {
  charts: ["apex-chart", "chartjs"],
  components: [
    "alert",
    "avatar",
    "badge",
    "button",
    "chip",
    "dialog",
    "expansion-panel",
    "list",
    "menu",
    "pagination",
    "progress-circular",
    "progress-linear",
    "snackbar",
    "tabs",
    "timeline",
    "tooltip",
  ],
  forms: [
    "autocomplete",
    "checkbox",
    "combobox",
    "custom-input",
    "date-time-picker",
    "editors",
    "file-input",
    "form-layouts",
    "form-validation",
    "form-wizard-icons",
    "form-wizard-numbered",
    "radio",
    "range-slider",
    "rating",
    "select",
    "slider",
    "switch",
    "textarea",
    "textfield",
  ],
  tables: ["data-table", "simple-table"],
  cards: ["card-actions", "card-advance", "card-basic", "card-statistics", "card-widgets"],
  pages: ["typography", "icons", "dialog-examples"],
} as const;

export type Group = keyof typeof CATALOGUE;
export type Slug = (typeof CATALOGUE)[Group][number];

/** A page's address: the spec's UI-kit routes (cards sit under /pages/cards/). */
export const pathOf = (group: Group, slug: Slug) => (group === "cards" ? `/pages/cards/${slug}` : `/${group}/${slug}`);

/** Every page with its group and address, in menu order. */
export const PAGES = (Object.keys(CATALOGUE) as Group[]).flatMap((group) =>
  CATALOGUE[group].map((slug: Slug) => ({ group, slug, path: pathOf(group, slug) })),
);
