export interface RoleRule {
  action: string;
  subject: string;
  inverted: boolean;
  conditions?: Record<string, unknown> | null;
}

export interface Role {
  roleId: number;
  roleName: string;
  roleDesc: string;
  builtIn: boolean;
  userCount: number;
  rules: RoleRule[];
}

/** The server's ACTIONS and SUBJECTS (worker/src/auth/ability.ts); it validates every rule against them. */
export const ACTIONS = ["manage", "read", "create", "update", "delete", "redeem", "claim"] as const;
export const SUBJECTS = [
  "all",
  "AclDemo",
  "Portal",
  "Dashboard",
  "User",
  "Role",
  "Item",
  "Bundle",
  "Coupon",
  "Site",
  "Vendor",
  "History",
  "Cart",
  "Payment",
  "Invoice",
  "Quota",
  "Download",
  "Profile",
  "Audit",
  "Outbox",
  "ApiKey",
] as const;
