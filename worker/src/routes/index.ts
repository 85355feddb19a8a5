import type { RouteDef } from "../http/route";
import { frontRoutes } from "./front";
import { accountRoutes } from "./account";
import { authRoutes } from "./auth";
import { settingsRoutes } from "./settings";
import { usersRoutes } from "./users";
import { rolesRoutes } from "./roles";
import { auditLogRoutes } from "./audit-log";
import { outboxAdminRoutes } from "./outbox-admin";
import { apiKeysRoutes } from "./apikeys";

/**
 * The route table: every API call, with who may make it (see each feature's file). The permission
 * matrix test walks this list, so a call is reachable only by being declared here.
 */
export const routes: RouteDef[] = [
  ...settingsRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...usersRoutes,
  ...rolesRoutes,
  ...auditLogRoutes,
  ...outboxAdminRoutes,
  ...apiKeysRoutes,
  ...frontRoutes,
];
