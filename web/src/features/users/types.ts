/** The User entity as the API answers it (API.md). */
export interface User {
  userId: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userImage: string | null;
  userRole: string;
  userIsActive: boolean;
  userQuota: number;
  userPlan: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
}

export interface RoleOption {
  roleId: number;
  roleName: string;
}

export interface PlanOption {
  itemId: number;
  itemName: string;
}

export interface LedgerRow {
  delta: number;
  reason: string;
  ref: string | null;
  note?: string;
  createdAt: string;
}

export interface QuotaAnswer {
  userQuota: number;
  data: LedgerRow[];
  total: number;
  page: number;
  limit: number;
}

export interface SubscriptionRow {
  itemId: number;
  itemName: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
}

export interface JobRow {
  historyId: number;
  siteName: string;
  fileName: string;
  pointsSpent: number;
  createdAt: string;
  fileData: { uniqueId: string; status: 0 | 1 | 2; similarity: number | null };
}

export interface PaymentRow {
  referenceId: string;
  amount: number;
  currency: string;
  status: string;
  createdAt: string;
  invoiceNumber: number | null;
}

export interface SessionRow {
  sessionId: number;
  userAgent: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}
