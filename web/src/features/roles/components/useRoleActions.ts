import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useSession } from "../../../providers/session";
import { useDeleteWithConfirm } from "../../../hooks/useDeleteWithConfirm";
import { deleteRole } from "../api";
import { ROLES_KEY, searchRoles } from "../api";
import type { Role } from "../types";

/** The roles list with what both pages do to it: edit in a dialog, delete after confirming. */
export function useRoleActions() {
  const { t } = useTranslation("roles");
  const { ability, userData, refresh } = useSession();
  const roles = useSWR(ROLES_KEY, searchRoles);
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);

  const remove = useDeleteWithConfirm<Role>({
    ask: (role) => ({ title: t("deleteTitle", { name: role.roleName }), text: t("deleteText"), confirmText: t("delete") }),
    call: (role) => deleteRole(role.roleId),
    onDeleted: () => roles.mutate(),
    failedPrefix: t("deleteFailed"),
  });

  /** After the dialog saved (it shows the server's message): close, reload, and follow an edit of one's own role. */
  async function saved() {
    setEditing(null);
    await roles.mutate();
    // The signed-in user's own role changed: their menu and guards follow at once.
    if (editing?.role && editing.role.roleName === userData?.role) await refresh();
  }

  return {
    roles,
    canManage: ability.can("manage", "Role"),
    canAddUser: ability.can("create", "User"),
    editing,
    setEditing,
    remove,
    saved,
  };
}
