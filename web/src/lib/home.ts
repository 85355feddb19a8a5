/** After sign-in: back to where the guard sent the user from, if that is a path of this site. */
export function afterLoginTarget(search: string, fallback: string): string {
  const to = new URLSearchParams(search).get("to");
  return to && to.startsWith("/") && !to.startsWith("//") ? to : fallback;
}

/**
 * The built-in roles' homes: the specification's two, and the support desk's inbox for the built-in `support`
 * role (decision 0015), which may not read the portal dashboard where other roles land.
 */
const HOMES = new Map([
  ["admin", "/dashboards/crm"],
  ["client", "/access-control"],
  ["support", "/apps/email/inbox"],
]);

/**
 * Where `/` leads (spec section 2, redirects): a built-in role to its home, and anyone else to login keeping
 * the query (`search`, without "?"). A signed-in user of another role is then sent on by login's guard, as
 * for every unauthenticated-only page (spec section 6).
 */
export function homeFor(role: string | null, search = ""): string {
  const home = role === null ? undefined : HOMES.get(role);
  if (home) return home;
  return search ? `/login?${search}` : "/login";
}

/** Where signing in lands without a `to`: the role's home, and for other roles where login's guard sends them. */
export function signedInHome(role: string): string {
  return HOMES.get(role) ?? "/portal/dashboard";
}
