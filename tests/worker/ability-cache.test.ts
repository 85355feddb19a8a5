import { describe, expect, it } from "vitest";
import { abilityOf, type AppRule } from "../../worker/src/auth/ability";

/** auth/ability.ts `abilityOf`: one ability per rules array, so a reloaded session never meets a stale one. */
describe("abilityOf", () => {
  it("builds an ability once per rules array and answers by that array's rules", () => {
    const rules: AppRule[] = [{ action: "read", subject: "History", conditions: { userId: 7 } }];
    const ability = abilityOf(rules);
    expect(abilityOf(rules)).toBe(ability);
    expect(ability.can("read", "History")).toBe(true);
    expect(ability.can("read", "User")).toBe(false);

    // A session loaded afresh after a role edit carries a new array: its own ability, its own answers.
    const edited: AppRule[] = [...rules, { action: "read", subject: "User" }];
    const after = abilityOf(edited);
    expect(after).not.toBe(ability);
    expect(after.can("read", "User")).toBe(true);
    expect(abilityOf(rules).can("read", "User")).toBe(false);
  });
});
