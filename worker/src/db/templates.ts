import type { Compilable, OperationNode } from "kysely";
import type { DB } from ".";
import { partOf, type FoldedPart, type FoldedSource } from "./folded";

/**
 * A read call's statement built and compiled once per shape, then bound per request. Building a list's
 * Kysely trees and compiling them was about a third of the Worker's own time on a text search
 * (decision 0002): the text depends only on which branches the request takes, so it is made once per
 * branch set and reused, with the request's values bound in place of the slots it was built with.
 *
 * The builder gets, for each value, the value itself when it is falsy (so `if (values.status)` takes
 * the request's branch, and the shape key records it) and a slot otherwise, which it may only bind:
 * a slot refuses to become text or a number, so a template can never hold one request's derived value
 * (`${value}~`, `value + 1`); derive such values before, as values of their own. A choice the builder
 * makes on anything else than a value's truthiness must be named in `shape`. Tests compare each
 * template with a direct build (`direct`) over the inputs that choose its branches.
 */

export type TemplateValue = string | number | boolean | null | undefined;
/** A template's values by name (a type whose every field is a TemplateValue). */
export type TemplateValues<V = Record<string, TemplateValue>> = { [K in keyof V]: TemplateValue };

class Slot {
  constructor(readonly name: string) {
    Object.freeze(this);
  }
  private refuse(): never {
    throw new Error(`statement template: the value "${this.name}" may only be bound, not computed with`);
  }
  toString(): never {
    return this.refuse();
  }
  valueOf(): never {
    return this.refuse();
  }
  toJSON(): never {
    return this.refuse();
  }
  [Symbol.toPrimitive](): never {
    return this.refuse();
  }
}

type Query = Compilable & { toOperationNode(): OperationNode };

/** A statement's parts as the template keeps them: each parameter a constant or a slot. */
type Compiled = FoldedPart[];

/**
 * Shapes kept per template: a list has a few in use (its filters set or not, first page or not), up to
 * hundreds in theory; past it the least recently used goes (and is built again if asked for).
 */
const SHAPES_MAX = 256;

export interface StatementTemplate<V extends TemplateValues<V>> {
  /** The statement's parts for `values`, compiled once per shape (`shape` and which values are falsy). */
  parts(db: DB, values: V, shape?: string): FoldedPart[];
  /** The same parts built and compiled for `values` now, without the template: what tests compare. */
  direct(db: DB, values: V, shape?: string): FoldedPart[];
}

/** The key of a request's shape: the caller's choices, then each value's falsy self or its presence. */
function shapeKey(values: Record<string, TemplateValue>, shape: string): string {
  let key = shape;
  for (const name in values) {
    const value = values[name];
    if (value !== null && typeof value === "object") throw new Error(`statement template: "${name}" is not a single value`);
    key += value ? `\u0000${name}` : `\u0000${name}=${typeof value}:${String(value)}`;
  }
  return key;
}

export function statementTemplate<V extends TemplateValues<V>>(
  build: (db: DB, values: V, shape: string) => ReadonlyArray<Query | FoldedSource>,
): StatementTemplate<V> {
  const shapes = new Map<string, Compiled>();
  return {
    parts(db, values, shape = "") {
      const key = shapeKey(values as Record<string, TemplateValue>, shape);
      let compiled = shapes.get(key);
      if (compiled) {
        shapes.delete(key);
        shapes.set(key, compiled);
      } else {
        const slotted = {} as Record<string, unknown>;
        for (const name in values) slotted[name] = values[name] ? new Slot(name) : values[name];
        compiled = build(db, slotted as V, shape).map(partOf);
        shapes.set(key, compiled);
        if (shapes.size > SHAPES_MAX) shapes.delete(shapes.keys().next().value!);
      }
      return compiled.map((part) => ({
        ...part,
        binds: part.binds.map((bind) => (bind instanceof Slot ? values[bind.name as keyof V] : bind)),
      }));
    },
    direct(db, values, shape = "") {
      return build(db, values, shape).map(partOf);
    },
  };
}
