import i18n from "i18next";

/**
 * A role's name as the reader says it: the built-in roles (admin, client) in their language
 * (common:role.*), a role an admin made under the name it was given.
 */
export function roleLabel(roleName: string): string {
  return i18n.t(`common:role.${roleName}`, { defaultValue: roleName });
}
