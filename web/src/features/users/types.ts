import type { ListRow } from "../../lib/api";

/** The User entity as the API answers it. */
export type User = ListRow<"searchuser">;

/** A role to choose in the filter and the drawer. */
export type RoleOption = ListRow<"search-role">;
