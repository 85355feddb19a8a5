import type { ListRow } from "../../lib/api";

/** A vendor account as the API shows it: secrets are write-only, only `hasSecret` comes back. */
export type Vendor = ListRow<"searchvendor">;
export type LoginMethod = Vendor["loginMethod"];

/** A site to choose in the filter and the form. */
export type SiteOption = ListRow<"searchsite">;
