import type { Compilable, OperationNode } from "kysely";
import { CARRY_CHECK, type CheckCarrier, type CheckExpression } from "./session-check";

/**
 * Several reads as one statement: a single row whose column `r<i>` holds part i's rows as a JSON array
 * of value arrays, in the part's own order (its ORDER BY and LIMIT stay inside its subquery, which SQLite
 * keeps for the aggregate that reads it); the Worker names the values by the part's columns. `json_array`
 * rather than `json_object`: half the text to build, carry and parse, and fewer expressions to compile.
 * D1 costs a serialisation, a parse and an object per statement, per row and per cell; one statement of
 * a few JSON strings is the cheapest answer to carry back (decision 0002, "One statement per read
 * call"). A remembered session's check rides in the same statement, as its first column
 * (db/session-check.ts), so a list is one statement in all.
 */

export type Row = Record<string, unknown>;

/** What a part answers: its rows, as a D1 result carries them. */
export interface Rows<R = Row> {
  results: R[];
}

/** One part of a folded statement: SQL with anonymous `?` parameters, and its output columns by name. */
export interface FoldedPart {
  sql: string;
  binds: readonly unknown[];
  columns: readonly string[];
}

/** Identifiers are written into the statement's text: only plain names are accepted. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function nameOf(node: OperationNode): string | null {
  switch (node.kind) {
    case "IdentifierNode":
      return (node as OperationNode & { name: string }).name;
    case "AliasNode":
      return nameOf((node as OperationNode & { alias: OperationNode }).alias);
    case "ColumnNode":
      return nameOf((node as OperationNode & { column: OperationNode }).column);
    case "ReferenceNode":
      return nameOf((node as OperationNode & { column: OperationNode }).column);
    default:
      return null;
  }
}

/**
 * The names of a select's output columns, from its selections (the first select's, for a compound
 * one). A selection without a name SQLite's column naming can be trusted with (`*`, raw SQL without an
 * alias) is refused: give it an alias.
 */
export function outputColumns(query: { toOperationNode(): OperationNode }): string[] {
  const node = query.toOperationNode() as OperationNode & { selections?: ReadonlyArray<{ selection: OperationNode }> };
  if (node.kind !== "SelectQueryNode" || !node.selections?.length)
    throw new Error("a folded part must be a select with named columns");
  return node.selections.map(({ selection }) => {
    const name = nameOf(selection);
    if (name === null || !PLAIN_NAME.test(name)) throw new Error(`a folded part's column needs a plain name (${selection.kind})`);
    return name;
  });
}

/** A Kysely select as a part of a folded statement. */
export function partOf(query: Compilable & { toOperationNode(): OperationNode }): FoldedPart {
  const compiled = query.compile();
  return { sql: compiled.sql, binds: compiled.parameters, columns: outputColumns(query) };
}

function foldedSql(parts: readonly FoldedPart[], checkSql: string | null): string {
  const columns = parts.map((part, i) => {
    const fields = part.columns
      .map((c) => {
        if (!PLAIN_NAME.test(c)) throw new Error(`a folded part's column needs a plain name (${c})`);
        return `"${c}"`;
      })
      .join(", ");
    return `(SELECT json_group_array(json_array(${fields})) FROM (${part.sql})) AS r${i}`;
  });
  // The check comes first: its numbered parameters (?1…) are then the statement's first, and the
  // parts' anonymous ones number on after them.
  return `SELECT ${checkSql === null ? "" : `${checkSql} AS sessionHolds, `}${columns.join(",\n")}`;
}

/** A part's rows from its JSON array of value arrays, each row an object by the part's column names. */
function rowsOf(text: string | null | undefined, columns: readonly string[]): Row[] {
  if (!text) return [];
  const rows = JSON.parse(text) as unknown[][];
  return rows.map((values) => {
    const row: Row = {};
    for (let c = 0; c < columns.length; c++) row[columns[c]!] = values[c];
    return row;
  });
}

/**
 * Runs `parts` as one statement (one round trip) and answers each part's rows, in order. Only reads
 * belong here; a call that writes uses a batch (runBatch).
 */
export async function runFolded(d1: D1Database, parts: readonly FoldedPart[]): Promise<Rows[]> {
  if (parts.length === 0) return [];
  const binds = parts.flatMap((part) => part.binds);
  const statement = (db: D1Database, check: CheckExpression | null) =>
    db.prepare(foldedSql(parts, check?.sql ?? null)).bind(...(check?.binds ?? []), ...binds);
  const carrier = (d1 as D1Database & { [CARRY_CHECK]?: CheckCarrier })[CARRY_CHECK];
  const result = carrier ? await carrier(statement) : await statement(d1, null).all();
  const row = (result.results[0] ?? {}) as Record<string, string | null>;
  return parts.map((part, i) => ({ results: rowsOf(row[`r${i}`], part.columns) }));
}

/** Runs Kysely selects as one statement: each one's rows, in its order (see runFolded). */
export function readFolded(d1: D1Database, queries: ReadonlyArray<Compilable & { toOperationNode(): OperationNode }>) {
  return runFolded(d1, queries.map(partOf));
}
