import type { RouteMeta } from "../lib/feature";

export interface GuardState {
  isLoggedIn: boolean;
  can: (action: string, subject: string) => boolean;
}

/** Whether the caller may open a route: its action on its subject (no meta means `manage all`). */
export function canNavigate(meta: RouteMeta | undefined, can: GuardState["can"]): boolean {
  return can(meta?.action ?? "manage", meta?.subject ?? "all");
}

/**
 * The route guard of spec section 6, as a pure function: where to send the user instead, or null
 * to let them in. `search` is the current query string without "?".
 */
export function guardRedirect(meta: RouteMeta | undefined, state: GuardState, path: string, search: string): string | null {
  if (meta?.public) return null;
  if (meta?.unauthenticatedOnly) return state.isLoggedIn ? "/portal/dashboard" : null;
  if (canNavigate(meta, state.can)) return null;
  if (state.isLoggedIn) return "/not-authorized";
  if (meta?.visitorPath) return meta.visitorPath;
  const query = new URLSearchParams(search);
  query.delete("to");
  if (path !== "/") query.set("to", path);
  const qs = query.toString();
  return qs ? `/login?${qs}` : "/login";
}
