import type { z } from "zod";
import type { AnswerOf, apiError, CallDecl, FileBody } from "./call";
import { featureContracts } from "./features.gen";

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

type Contract = (typeof featureContracts)[number];

/** One object of every module's groups; a tag declared by two modules is refused. */
function joinModules<M extends { groups: Record<string, Record<string, CallDecl>> }>(modules: readonly M[]) {
  const all: Record<string, Record<string, CallDecl>> = {};
  for (const { groups } of modules) {
    for (const [tag, group] of Object.entries(groups)) {
      if (Object.hasOwn(all, tag)) throw new Error(`the OpenAPI tag ${tag} is declared twice`);
      all[tag] = group;
    }
  }
  return all as UnionToIntersection<M["groups"]>;
}

/**
 * The calls by theme (the OpenAPI document's tags), collected from every contract module's `groups`
 * (features.gen.ts, written by scripts/features.ts).
 */
export const callGroups = joinModules<Contract>(featureContracts);

/** The answer schemas the OpenAPI document names, collected from the modules' `entities`. */
export const callEntities: Record<string, z.ZodType> = Object.assign(
  {},
  ...featureContracts.map((module) => ("entities" in module ? module.entities : {})),
);

/** One object of every group's calls; a name declared in two groups is refused. */
function joinGroups<G extends Record<string, Record<string, CallDecl>>>(groups: G): UnionToIntersection<G[keyof G]> {
  const all: Record<string, CallDecl> = {};
  for (const group of Object.values(groups)) {
    for (const [name, decl] of Object.entries(group)) {
      if (Object.hasOwn(all, name)) throw new Error(`call ${name} is declared twice`);
      all[name] = decl;
    }
  }
  return all as UnionToIntersection<G[keyof G]>;
}

/**
 * The API contract: every call, keyed by its name. The Worker's routes implement these declarations,
 * the web app's `api()` is typed by them and docs/openapi.json is generated from them.
 */
export const calls = joinGroups(callGroups);

/** The same calls as a list, each seen as a plain declaration. */
export const callList: readonly CallDecl[] = Object.values(calls);

export type CallName = keyof typeof calls;

/** Per call: `input`, the body a client may send; `answer`, what a 200 carries. */
export type Calls = {
  [N in CallName]: { input: z.input<(typeof calls)[N]["input"]>; answer: AnswerOf<(typeof calls)[N]["answer"]> };
};

/** What a call answers with 200 (for a file call, the FileBody marker). */
export type Answer<N extends CallName> = Calls[N]["answer"];
/** One row of a list call's answer. */
export type ListRowOf<N extends CallName> = Answer<N> extends { data: (infer R)[] } ? R : never;

/** The calls that answer JSON (the others answer a file). */
export type JsonCallName = { [N in CallName]: Calls[N]["answer"] extends FileBody<unknown> ? never : N }[CallName];
/** The calls that answer a file. */
export type FileCallName = Exclude<CallName, JsonCallName>;

/** The error shape of every non-2xx answer: `{error, code, field?, reason?}`. */
export type ApiErrorAnswer = z.output<typeof apiError>;

export type { FileBody } from "./call";
