import { useTranslation } from "react-i18next";
import { roleLabel } from "../../../lib/roles";
import useSWR from "swr";
import { Link } from "wouter";
import { useSession } from "../../../providers/session";
import { ActiveBadge } from "../../../components/ActiveBadge";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useActiveOptions } from "../../../components/ListToolbar";
import { RowActions } from "../../../components/RowActions";
import { useListController } from "../../../hooks/useListController";
import { UserDrawer } from "../../../components/UserDrawer";
import { formatNumber } from "../../../lib/format";
import { deleteUser } from "../api";
import { PLAN_OPTIONS_KEY, ROLE_OPTIONS_KEY, searchPlanOptions, searchRoleOptions } from "../api";
import { SEARCH_USERS, USER_LIST } from "../api";
import { updateUser } from "../api";
import { Avatar } from "../components/Avatar";
import { useUserSave } from "../components/useUserSave";
import type { User } from "../types";
import { CELL_TEXT, CellText } from "../../../components/CellText";

export default function UserListPage() {
  const { t } = useTranslation("users");
  const { ability } = useSession();
  const afterSave = useUserSave();
  const list = useListController({
    call: SEARCH_USERS,
    defaults: USER_LIST,
    remove: {
      ask: (user) => ({ title: t("deleteTitle", { name: user.userName }), text: t("deleteText"), confirmText: t("delete") }),
      call: (user) => deleteUser(user.userId),
      failedPrefix: t("deleteFailed"),
    },
  });
  const activeOptions = useActiveOptions();
  // Filters list what the caller may read; a role without those subjects filters by typing only.
  const roles = useSWR(ability.can("read", "Role") ? ROLE_OPTIONS_KEY : null, searchRoleOptions);
  const plans = useSWR(ability.can("read", "Item") ? PLAN_OPTIONS_KEY : null, searchPlanOptions);
  const canEdit = ability.can("update", "User");
  const canDelete = ability.can("delete", "User");

  const columns: Column<User>[] = [
    {
      key: "user",
      header: t("colUser"),
      render: (u) => (
        <div className="flex items-center gap-3">
          <Avatar name={u.userName} image={u.userImage} />
          <div className="min-w-0">
            <Link href={`/apps/user/view/${u.userId}`} className={`link link-hover font-medium ${CELL_TEXT}`} title={u.userName}>
              {u.userName}
            </Link>
            <CellText text={u.userEmail} className="text-sm text-base-content/70" />
          </div>
        </div>
      ),
    },
    { key: "userRole", header: t("colRole"), render: (u) => <span className="badge badge-soft">{roleLabel(u.userRole)}</span> },
    {
      key: "userPlan",
      header: t("colPlan"),
      render: (u) => u.userPlan ?? <span className="text-base-content/70">{t("noPlan")}</span>,
    },
    {
      key: "userIsActive",
      header: t("colStatus"),
      render: (u) => <ActiveBadge active={u.userIsActive} activeText={t("active")} inactiveText={t("inactive")} />,
    },
    { key: "userQuota", header: t("colQuota"), className: "text-end", render: (u) => formatNumber(u.userQuota) },
    {
      key: "actions",
      header: t("colActions"),
      className: "text-end",
      render: (u) => (
        <RowActions
          onEdit={canEdit ? () => list.edit(u) : undefined}
          onDelete={canDelete ? () => void list.remove(u) : undefined}
          editText={t("edit")}
          deleteText={t("delete")}
        >
          <Link href={`/apps/user/view/${u.userId}`} className="btn btn-ghost btn-xs">
            {t("view")}
          </Link>
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      title={t("title")}
      subtitle={t("subtitle")}
      actions={
        canEdit && (
          <button type="button" className="btn btn-primary" onClick={list.create}>
            {t("addUser")}
          </button>
        )
      }
      list={list}
      search={{ placeholder: t("searchPlaceholder") }}
      filters={[
        {
          label: t("filterRole"),
          anyLabel: t("anyRole"),
          ...list.filter("selectedRole"),
          options: (roles.data?.data ?? []).map((r) => ({ value: r.roleName, label: roleLabel(r.roleName) })),
        },
        {
          label: t("filterPlan"),
          anyLabel: t("anyPlan"),
          ...list.filter("selectedPlan"),
          options: (plans.data?.data ?? []).map((p) => ({ value: String(p.itemId), label: p.itemName })),
        },
        { label: t("filterStatus"), anyLabel: t("anyStatus"), ...list.filter("selectedStatus"), options: activeOptions },
      ]}
      caption={t("title")}
      columns={columns}
      rowKey={(u) => u.userId}
      emptyText={t("empty")}
    >
      {list.editing && (
        <UserDrawer
          user={list.editing.row}
          roles={roles.data?.data ?? []}
          save={updateUser}
          onClose={list.closeEdit}
          onSaved={(answer) => {
            afterSave.saved(answer, list.editing?.row ?? null);
            list.saved();
          }}
        />
      )}
    </ListPage>
  );
}
