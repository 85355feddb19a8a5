import type { ListRow } from "../../lib/api";
import type { SEARCH_USERS } from "./api";

/** The User entity as the API answers it. */
export type User = ListRow<typeof SEARCH_USERS>;

/** A role to choose in the filter and the drawer. */
export type RoleOption = ListRow<"search-role">;
