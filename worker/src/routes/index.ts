import type { RouteDef } from "../http/route";
import { bundlesRoutes } from "./bundles";
import { itemsRoutes } from "./items";
import { sitesRoutes } from "./sites";
import { vendorsRoutes } from "./vendors";
import { couponsRoutes } from "./coupons";
import { jobsRoutes } from "./jobs";
import { historyRoutes } from "./history";
import { downloadsRoutes } from "./downloads";
import { frontRoutes } from "./front";
import { accountRoutes } from "./account";
import { myDataRoutes } from "./my-data";
import { authRoutes } from "./auth";
import { passkeysRoutes } from "./passkeys";
import { settingsRoutes } from "./settings";
import { usersRoutes } from "./users";
import { rolesRoutes } from "./roles";
import { auditLogRoutes } from "./audit-log";
import { outboxAdminRoutes } from "./outbox-admin";
import { apiKeysRoutes } from "./apikeys";
import { cartRoutes } from "./cart";
import { paymentsRoutes } from "./payments";
import { cardPaymentsRoutes } from "./card-payments";
import { invoicesRoutes } from "./invoices";
import { refundsRoutes } from "./refunds";
import { quotaRoutes } from "./quota";
import { subscriptionsRoutes } from "./subscriptions";
import { dashboardRoutes } from "./dashboard";
import { paymentAttentionRoutes } from "./payment-attention";
import { notificationsRoutes } from "./notifications";
import { outboxMailRoutes } from "./outbox-mail";

/**
 * The route table: every API call, with who may make it (see each feature's file). The permission
 * matrix test walks this list, so a call is reachable only by being declared here.
 */
export const routes: RouteDef[] = [
  ...bundlesRoutes,
  ...itemsRoutes,
  ...sitesRoutes,
  ...vendorsRoutes,
  ...couponsRoutes,
  ...settingsRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...passkeysRoutes,
  ...myDataRoutes,
  ...usersRoutes,
  ...rolesRoutes,
  ...auditLogRoutes,
  ...outboxAdminRoutes,
  ...apiKeysRoutes,
  ...frontRoutes,
  ...cartRoutes,
  ...paymentsRoutes,
  ...cardPaymentsRoutes,
  ...invoicesRoutes,
  ...refundsRoutes,
  ...quotaRoutes,
  ...subscriptionsRoutes,
  ...jobsRoutes,
  ...historyRoutes,
  ...downloadsRoutes,
  ...dashboardRoutes,
  ...paymentAttentionRoutes,
  ...notificationsRoutes,
  ...outboxMailRoutes,
];
