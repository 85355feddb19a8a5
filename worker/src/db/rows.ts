import type { Compilable, InferResult, Selectable } from "kysely";
import type { Database } from "./schema";

/**
 * Row types named by the select that reads them, so a domain row is not written again as an interface:
 * the answer schema and the select stay the only two places a field is named.
 */

/** The row a select returns, from the function that builds it: `RowOf<typeof selectVendors>`. */
export type RowOf<Select extends (...args: never) => Compilable<unknown>> = InferResult<ReturnType<Select>>[number];

/** The row of a table's `columns` (a `select(COLUMNS)` list): `ColumnsOf<"items", typeof ITEM_COLUMNS>`. */
export type ColumnsOf<Table extends keyof Database, Columns extends ReadonlyArray<keyof Selectable<Database[Table]>>> = Pick<
  Selectable<Database[Table]>,
  Columns[number]
>;
