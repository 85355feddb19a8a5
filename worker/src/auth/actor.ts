import type { AgentPrincipal } from "./apikey";

/** Who a request acts for: a signed-in user, an agent's API key, or nobody (public calls). */
export interface Actor {
  /** The signed-in user; null for an agent or nobody. */
  userId: number | null;
  /** What audit rows name: the user's email, `api-key:<key name>` for an agent, "" for nobody. */
  email: string;
  ip: string;
  agent: AgentPrincipal | null;
}
