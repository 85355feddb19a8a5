import { z } from "zod";
import * as f from "./fields";

/**
 * Schema pieces several route files share (the generic builders are fields.ts). A route file never
 * imports another, so what two of them validate alike lives here.
 */

/**
 * A status filter of the catalogue and user lists: "active"/"inactive", booleans or 1/0; blank or "all"
 * means any.
 */
export const statusFilter = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "" || v === "all") return undefined;
    if (v === "active" || v === true || v === "true" || v === 1 || v === "1") return 1;
    if (v === "inactive" || v === false || v === "false" || v === 0 || v === "0") return 0;
    return v;
  },
  z.union([z.literal(0), z.literal(1)]).optional(),
);

/** Reference ids are base64url of 18+ random bytes; anything else cannot exist. */
export const referenceId = () => f.text(100).pipe(z.string().regex(/^[A-Za-z0-9_-]{22,100}$/, "must be a payment reference"));
