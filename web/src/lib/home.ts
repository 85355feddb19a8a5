/** After sign-in: back to where the guard sent the user from, if that is a path of this site. */
export function afterLoginTarget(search: string, fallback: string): string {
  const to = new URLSearchParams(search).get("to");
  return to && to.startsWith("/") && !to.startsWith("//") ? to : fallback;
}

/**
 * Where `/` leads (spec section 2, redirects): admin → the CRM dashboard, client → access control, and
 * anyone else to login keeping the query (`search`, without "?"). A signed-in user of another role is
 * then sent on by login's guard, as for every unauthenticated-only page (spec section 6).
 */
export function homeFor(role: string | null, search = ""): string {
  if (role === "admin") return "/dashboards/crm";
  if (role === "client") return "/access-control";
  return search ? `/login?${search}` : "/login";
}

/** Where signing in lands without a `to`: the role's home, and for other roles where login's guard sends them. */
export function signedInHome(role: string): string {
  return role === "admin" || role === "client" ? homeFor(role) : "/portal/dashboard";
}
