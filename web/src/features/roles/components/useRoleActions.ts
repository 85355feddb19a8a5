import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useSession } from "../../../app/session";
import { useSnackbar } from "../../../components/Snackbar";
import { useDeleteWithConfirm } from "../../../components/useDeleteWithConfirm";
import { deleteRole } from "../api/deleteRole";
import { ROLES_KEY, searchRoles } from "../api/searchRoles";
import type { Role } from "../types";

/** The roles list with what both pages do to it: edit in a dialog, delete after confirming. */
export function useRoleActions() {
  const { t } = useTranslation("roles");
  const { ability, userData, refresh } = useSession();
  const snackbar = useSnackbar();
  const roles = useSWR(ROLES_KEY, searchRoles);
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);

  const remove = useDeleteWithConfirm<Role>({
    ask: (role) => ({ title: t("deleteTitle", { name: role.roleName }), text: t("deleteText"), confirmText: t("delete") }),
    call: (role) => deleteRole(role.roleId),
    onDeleted: () => roles.mutate(),
    failedPrefix: t("deleteFailed"),
  });

  async function saved(message: string) {
    snackbar.success(message);
    setEditing(null);
    await roles.mutate();
    // The signed-in user's own role changed: their menu and guards follow at once.
    if (editing?.role && editing.role.roleName === userData?.role) await refresh();
  }

  return { roles, canManage: ability.can("manage", "Role"), editing, setEditing, remove, saved };
}
