import type { AppRoute } from "../../lib/feature";

/**
 * The support desk (issue 39, decision 0015) as the template's mail app: folders and labels in the path
 * (`/apps/email/inbox`, `/apps/email/payment`, or the explicit `filter/` and `label/` forms), one page.
 */
const readTickets = { action: "read", subject: "Ticket", fixedHeight: true } as const;
const page = () => import("./pages/SupportPage");

/** Named by their path ("apps-email-label-label"): four forms of one page. */
export const routes: AppRoute[] = [
  "/apps/email",
  "/apps/email/filter/:filter",
  "/apps/email/label/:label",
  "/apps/email/:filter",
].map((path) => ({ path, title: "support:title", page, meta: readTickets }));

/** Staff's canned replies (decision 0030): a static path, ranked before the folder's `:filter`. */
routes.push({
  path: "/apps/email/canned-replies",
  title: "support:canned.title",
  page: () => import("./pages/CannedRepliesPage"),
  meta: { action: "manage", subject: "Ticket" },
});
