import { createMongoAbility } from "@casl/ability";
import { describe, expect, it } from "vitest";
import { ClientAbility, type AbilityRule } from "../../web/src/providers/ability";

const ACTIONS = ["manage", "read", "create", "update", "delete"];
const SUBJECTS = ["all", "User", "Payment", "Portal"];

/** A small deterministic random generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function randomRules(next: () => number): AbilityRule[] {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const count = 1 + Math.floor(next() * 5);
  return Array.from({ length: count }, () => {
    const rule: AbilityRule = {
      action: next() < 0.2 ? [pick(ACTIONS), pick(ACTIONS)] : pick(ACTIONS),
      subject: next() < 0.2 ? [pick(SUBJECTS), pick(SUBJECTS)] : pick(SUBJECTS),
    };
    if (next() < 0.3) rule.inverted = true;
    if (next() < 0.3) rule.conditions = { userId: 7 };
    if (next() < 0.15) rule.fields = ["userName"];
    return rule;
  });
}

describe("the client ability", () => {
  it("answers type-level checks exactly as CASL does, on 2,000 random rule sets", () => {
    const next = random(42);
    for (let run = 0; run < 2000; run++) {
      const rules = randomRules(next);
      const ours = new ClientAbility(rules);
      const casl = createMongoAbility(rules as never);
      for (const action of ACTIONS) {
        for (const subject of SUBJECTS) {
          expect(ours.can(action, subject), JSON.stringify({ rules, action, subject })).toBe(casl.can(action, subject));
        }
      }
    }
  });

  it("follows the built-in roles: admin may do everything, client only its own reads", () => {
    const admin = new ClientAbility([{ action: "manage", subject: "all" }]);
    expect(admin.can("delete", "User")).toBe(true);
    const client = new ClientAbility([
      { action: "read", subject: "Portal" },
      { action: "read", subject: "Payment", conditions: { userId: 2 } },
    ]);
    expect(client.can("read", "Payment")).toBe(true);
    expect(client.can("update", "Payment")).toBe(false);
    expect(client.cannot("manage", "all")).toBe(true);
  });

  it("takes new rules on update (after a role change)", () => {
    const ability = new ClientAbility([{ action: "manage", subject: "all" }]);
    ability.update([{ action: "read", subject: "Portal" }]);
    expect(ability.can("read", "User")).toBe(false);
    expect(ability.rules).toEqual([{ action: "read", subject: "Portal" }]);
  });
});
