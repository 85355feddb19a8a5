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
