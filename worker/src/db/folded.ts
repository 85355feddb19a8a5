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
 *
 * A value several parts need (a search's index versions, db/search-totals.ts) is read once: a source
 * (`FoldedSource`) is a one-row select the statement reads FROM under its alias, whose columns the
 * parts refer to (`alias.column`) instead of each reading them in a subquery of its own: SQLite
 * compiles and plans every subquery of a statement, so the text a part need not repeat is time saved
 * whenever the statement is compiled (decision 0002).
 */

export type Row = Record<string, unknown>;

/** What a part answers: its rows, as a D1 result carries them. */
export interface Rows<R = Row> {
  results: R[];
}

/**
 * One part of a folded statement: SQL with anonymous `?` parameters, and its output columns by name;
 * with `source`, a one-row select the statement reads FROM under that alias (it has no answer).
 */
export interface FoldedPart {
  sql: string;
  binds: readonly unknown[];
  columns: readonly string[];
  source?: string;
}

/** Identifiers are written into the statement's text: only plain names are accepted. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

type Query = Compilable & { toOperationNode(): OperationNode };

/** A one-row select the folded statement reads FROM as `alias`: every part may read its columns. */
export class FoldedSource {
  constructor(
    readonly alias: string,
    readonly query: Query,
  ) {
    if (!PLAIN_NAME.test(alias)) throw new Error(`a folded source needs a plain alias (${alias})`);
    // No FROM, WHERE, HAVING, LIMIT or OFFSET: exactly one row, so the statement always answers one
    // row, and with it the session check it carries.
    const node = query.toOperationNode() as OperationNode & Record<string, unknown>;
    const clauses = ["from", "where", "having", "limit", "offset", "groupBy"].filter((clause) => node[clause] !== undefined);
    if (node.kind !== "SelectQueryNode" || clauses.length > 0)
      throw new Error(`a folded source must be a select of values alone (${clauses.join(", ") || node.kind})`);
  }
}

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

/** A Kysely select (or a source) as a part of a folded statement. */
export function partOf(query: Query | FoldedSource): FoldedPart {
  const select = query instanceof FoldedSource ? query.query : query;
  const compiled = select.compile();
  const part = { sql: compiled.sql, binds: compiled.parameters, columns: outputColumns(select) };
  return query instanceof FoldedSource ? { ...part, source: query.alias } : part;
}

function foldedSql(parts: readonly FoldedPart[], checkSql: string | null): string {
  const columns = parts.flatMap((part, i) => {
    if (part.source !== undefined) return [];
    const fields = part.columns
      .map((c) => {
        if (!PLAIN_NAME.test(c)) throw new Error(`a folded part's column needs a plain name (${c})`);
        return `"${c}"`;
      })
      .join(", ");
    return [`(SELECT json_group_array(json_array(${fields})) FROM (${part.sql})) AS r${i}`];
  });
  const sources = parts.flatMap((part) => (part.source === undefined ? [] : [`(${part.sql}) AS "${part.source}"`]));
  // The check comes first: its numbered parameters (?1…) are then the statement's first, and the
  // parts' anonymous ones number on after them, the sources' (in the FROM clause) last.
  const check = checkSql === null ? "" : `${checkSql} AS sessionHolds, `;
  return `SELECT ${check}${columns.join(",\n")}${sources.length ? `\nFROM ${sources.join(", ")}` : ""}`;
}

/** The statement's parameters in the order of its text: the answered parts', then the sources'. */
function bindsOf(parts: readonly FoldedPart[]): unknown[] {
  const answered = parts.filter((part) => part.source === undefined);
  const sources = parts.filter((part) => part.source !== undefined);
  return [...answered, ...sources].flatMap((part) => part.binds);
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

/** The one statement of `parts` (led by `check` when given) and its parameters, in order. */
export function foldedStatement(parts: readonly FoldedPart[], check: CheckExpression | null = null) {
  return { sql: foldedSql(parts, check?.sql ?? null), binds: [...(check?.binds ?? []), ...bindsOf(parts)] };
}

/**
 * Runs `parts` as one statement (one round trip) and answers each part's rows, in order (a source's:
 * none). Only reads belong here; a call that writes uses a batch (runBatch).
 */
export async function runFolded(d1: D1Database, parts: readonly FoldedPart[]): Promise<Rows[]> {
  if (parts.length === 0) return [];
  const statement = (db: D1Database, check: CheckExpression | null) => {
    const folded = foldedStatement(parts, check);
    return db.prepare(folded.sql).bind(...folded.binds);
  };
  const carrier = (d1 as D1Database & { [CARRY_CHECK]?: CheckCarrier })[CARRY_CHECK];
  const result = carrier ? await carrier(statement) : await statement(d1, null).all();
  const row = (result.results[0] ?? {}) as Record<string, string | null>;
  return parts.map((part, i) => ({ results: part.source === undefined ? rowsOf(row[`r${i}`], part.columns) : [] }));
}

/** Runs Kysely selects as one statement: each one's rows, in its order (see runFolded). */
export function readFolded(d1: D1Database, queries: ReadonlyArray<Query | FoldedSource>) {
  return runFolded(d1, queries.map(partOf));
}
