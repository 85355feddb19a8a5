import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useSession } from "../../../app/session";
import { useConfirm } from "../../../components/ConfirmDialog";
import { useSnackbar } from "../../../components/Snackbar";
import { ApiError } from "../../../lib/api";
import { deleteRole } from "../api/deleteRole";
import { ROLES_KEY, searchRoles } from "../api/searchRoles";
import type { Role } from "../types";

/** The roles list with what both pages do to it: edit in a dialog, delete after confirming. */
export function useRoleActions() {
  const { t } = useTranslation("roles");
  const { ability, userData, refresh } = useSession();
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const roles = useSWR(ROLES_KEY, searchRoles);
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);

  async function remove(role: Role) {
    const ok = await confirm({
      title: t("deleteTitle", { name: role.roleName }),
      text: t("deleteText"),
      confirmText: t("delete"),
    });
    if (!ok) return;
    try {
      snackbar.success((await deleteRole(role.roleId)).message);
      await roles.mutate();
    } catch (error) {
      snackbar.error(t("deleteFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }

  async function saved(message: string) {
    snackbar.success(message);
    setEditing(null);
    await roles.mutate();
    // The signed-in user's own role changed: their menu and guards follow at once.
    if (editing?.role && editing.role.roleName === userData?.role) await refresh();
  }

  return { roles, canManage: ability.can("manage", "Role"), editing, setEditing, remove, saved };
}
