import type { RouteDef } from "../http/route";
import { featureRoutes } from "./features.gen";

/**
 * The route table: every API call, with who may make it. It is collected: each route file of this folder
 * exports `routes`, and scripts/features.ts writes the index importing them all (docs/decisions/0006).
 * The permission matrix test walks this list.
 */
export const routes: RouteDef[] = featureRoutes;
