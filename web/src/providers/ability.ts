/** A permission rule as the server sends it (a CASL raw rule, spec section 3: userAbilityRules). */
export interface AbilityRule {
  action: string | string[];
  subject: string | string[];
  inverted?: boolean;
  conditions?: Record<string, unknown>;
  fields?: string | string[];
  reason?: string;
}

const includes = (value: string | string[], wanted: string) => (Array.isArray(value) ? value.includes(wanted) : value === wanted);

/**
 * The client's ability. It answers exactly as CASL does for checks on a subject type, which is all
 * the page asks (guards, menus, which buttons to show): rows are checked by the server. Not CASL
 * itself, so that about 6 kB gzipped stay out of the first load (tests/web/ability.test.ts compares
 * the two on many rule sets).
 */
export class ClientAbility {
  private list: AbilityRule[] = [];

  constructor(rules: AbilityRule[] = []) {
    this.update(rules);
  }

  get rules(): readonly AbilityRule[] {
    return this.list;
  }

  update(rules: AbilityRule[]): this {
    this.list = [...rules];
    return this;
  }

  can(action: string, subject: string): boolean {
    // Later rules win, as in CASL.
    for (let i = this.list.length - 1; i >= 0; i--) {
      const rule = this.list[i]!;
      const actionMatches = includes(rule.action, action) || includes(rule.action, "manage");
      const subjectMatches = includes(rule.subject, subject) || includes(rule.subject, "all");
      if (!actionMatches || !subjectMatches) continue;
      // An inverted rule limited to some rows or fields does not forbid the whole type.
      if (rule.inverted && (rule.conditions || rule.fields)) continue;
      return !rule.inverted;
    }
    return false;
  }

  cannot(action: string, subject: string): boolean {
    return !this.can(action, subject);
  }
}
