import { createMongoAbility, subject as asSubject, type MongoAbility, type RawRuleOf } from "@casl/ability";
import type { Action, Subject } from "../contract/access";

export { ACTIONS, SUBJECTS, type Action, type Subject } from "../contract/access";

export type AppAbility = MongoAbility<[Action, Subject | Record<string, unknown>]>;
export type AppRule = RawRuleOf<AppAbility>;

/** A rule as stored in role_rules. */
export interface StoredRule {
  action: string;
  subject: string;
  inverted: number | boolean;
  conditions: string | null;
}

/** Stored rules → CASL rules for one user, with "${user.userId}" in conditions replaced by their id. */
export function rulesForUser(stored: StoredRule[], userId: number): AppRule[] {
  return stored.map((rule) => {
    const out: AppRule = {
      action: rule.action as Action,
      subject: rule.subject as Subject,
    };
    if (rule.inverted === true || rule.inverted === 1) out.inverted = true;
    if (rule.conditions) {
      out.conditions = JSON.parse(rule.conditions.replaceAll("${user.userId}", String(userId))) as Record<string, unknown>;
      // Ids are numbers in rows; the template is a string in JSON.
      for (const [key, value] of Object.entries(out.conditions)) {
        if (value === String(userId)) out.conditions[key] = userId;
      }
    }
    return out;
  });
}

export function buildAbility(rules: AppRule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules);
}

/**
 * Abilities built this isolate, by the rules array they were built from. A remembered session keeps
 * its rules array (auth/session-cache.ts), so its calls share one ability and CASL's compiled
 * conditions instead of building them per request; a changed role or user loads a new session, hence
 * a new array and a new ability. Nobody calls `update()` on a shared ability.
 */
const abilities = new WeakMap<AppRule[], AppAbility>();

/** The ability of `rules`, built once per rules array. */
export function abilityOf(rules: AppRule[]): AppAbility {
  let ability = abilities.get(rules);
  if (!ability) {
    ability = buildAbility(rules);
    abilities.set(rules, ability);
  }
  return ability;
}

/** A row of a subject type, for checks that depend on the row (ownership). */
export function row(type: Subject, fields: Record<string, unknown>) {
  return asSubject(type, fields);
}

/**
 * How far an ability reaches over a subject's rows: "all" rows, only "own" rows (rules conditioned
 * on the caller's userId), or "none".
 */
export function scopeOf(ability: AppAbility, action: Action, type: Subject): "all" | "own" | "none" {
  if (!ability.can(action, type)) return "none";
  // Nobody owns userId -1: allowed on such a row means unconditioned.
  return ability.can(action, row(type, { userId: -1 })) ? "all" : "own";
}
