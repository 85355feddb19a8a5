import type { RouteDef } from "../http/route";
import { accountRoutes } from "./account";
import { authRoutes } from "./auth";
import { settingsRoutes } from "./settings";

/**
 * The route table: every API call, with who may make it (see each feature's file). The permission
 * matrix test walks this list, so a call is reachable only by being declared here.
 */
export const routes: RouteDef[] = [...settingsRoutes, ...authRoutes, ...accountRoutes];
