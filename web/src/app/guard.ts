import type { RouteMeta } from "./types";

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
  const query = new URLSearchParams(search);
  query.delete("to");
  if (path !== "/") query.set("to", path);
  const qs = query.toString();
  return qs ? `/login?${qs}` : "/login";
}

/** After sign-in: back to where the guard sent the user from, if that is a path of this site. */
export function afterLoginTarget(search: string, fallback: string): string {
  const to = new URLSearchParams(search).get("to");
  return to && to.startsWith("/") && !to.startsWith("//") ? to : fallback;
}

/** The role's home (DESIGN.md): admin → CRM dashboard, client → access control, others → login. */
export function homeFor(role: string | null, search = ""): string {
  if (role === "admin") return "/dashboards/crm";
  if (role === "client") return "/access-control";
  if (role) return "/portal/dashboard";
  return search ? `/login?${search}` : "/login";
}
