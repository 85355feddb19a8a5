import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link } from "wouter";
import { useSession } from "../../../app/session";
import { ActiveBadge } from "../../../components/ActiveBadge";
import { DataTable, type Column } from "../../../components/DataTable";
import { listTableProps } from "../../../components/listTableProps";
import { ListToolbar } from "../../../components/ListToolbar";
import { PageHeader } from "../../../components/PageHeader";
import { RowActions } from "../../../components/RowActions";
import { useDeleteWithConfirm } from "../../../components/useDeleteWithConfirm";
import { formatNumber } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { deleteUser } from "../api/deleteUser";
import { searchPlanOptions, searchRoleOptions } from "../api/options";
import { SEARCH_USERS, USER_LIST } from "../api/searchUsers";
import { Avatar } from "../components/Avatar";
import { UserDrawer } from "../components/UserDrawer";
import { useUserSave } from "../components/useUserSave";
import type { User } from "../types";

export default function UserListPage() {
  const { t } = useTranslation("users");
  const { ability } = useSession();
  const afterSave = useUserSave();
  const [params, update] = useListParams(USER_LIST);
  const list = useList<User>(SEARCH_USERS, params);
  // Filters list what the caller may read; a role without those subjects filters by typing only.
  const roles = useSWR(ability.can("read", "Role") ? "user-role-options" : null, searchRoleOptions);
  const plans = useSWR(ability.can("read", "Item") ? "user-plan-options" : null, searchPlanOptions);
  const [drawer, setDrawer] = useState<{ user: User | null } | null>(null);
  const canEdit = ability.can("update", "User");
  const canDelete = ability.can("delete", "User");

  const remove = useDeleteWithConfirm<User>({
    ask: (user) => ({ title: t("deleteTitle", { name: user.userName }), text: t("deleteText"), confirmText: t("delete") }),
    call: (user) => deleteUser(user.userId),
    onDeleted: () => list.mutate(),
    failedPrefix: t("deleteFailed"),
  });

  const columns: Column<User>[] = [
    {
      key: "user",
      header: t("colUser"),
      render: (u) => (
        <div className="flex items-center gap-3">
          <Avatar name={u.userName} image={u.userImage} />
          <div className="min-w-0">
            <Link href={`/apps/user/view/${u.userId}`} className="link link-hover font-medium">
              {u.userName}
            </Link>
            <div className="truncate text-sm text-base-content/70">{u.userEmail}</div>
          </div>
        </div>
      ),
    },
    { key: "userRole", header: t("colRole"), render: (u) => <span className="badge badge-soft">{u.userRole}</span> },
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
          onEdit={canEdit ? () => setDrawer({ user: u }) : undefined}
          onDelete={canDelete ? () => void remove(u) : undefined}
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
    <section className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")}>
        {canEdit && (
          <button type="button" className="btn btn-primary" onClick={() => setDrawer({ user: null })}>
            {t("addUser")}
          </button>
        )}
      </PageHeader>
      <div className="card bg-base-100 shadow-sm">
        <ListToolbar
          search={{ value: params.search, onSearch: (search) => update({ search }), placeholder: t("searchPlaceholder") }}
          filters={[
            {
              label: t("filterRole"),
              anyLabel: t("anyRole"),
              value: params.selectedRole,
              onChange: (selectedRole) => update({ selectedRole }),
              options: (roles.data?.data ?? []).map((r) => ({ value: r.roleName, label: r.roleName })),
            },
            {
              label: t("filterPlan"),
              anyLabel: t("anyPlan"),
              value: params.selectedPlan,
              onChange: (selectedPlan) => update({ selectedPlan }),
              options: (plans.data?.data ?? []).map((p) => ({ value: String(p.itemId), label: p.itemName })),
            },
            {
              label: t("filterStatus"),
              anyLabel: t("anyStatus"),
              value: params.selectedStatus,
              onChange: (selectedStatus) => update({ selectedStatus }),
              options: [
                { value: "active", label: t("active") },
                { value: "inactive", label: t("inactive") },
              ],
            },
          ]}
        />
        <DataTable
          caption={t("title")}
          columns={columns}
          rowKey={(u) => u.userId}
          {...listTableProps(list, params, update)}
          emptyText={t("empty")}
        />
      </div>
      {drawer && (
        <UserDrawer
          user={drawer.user}
          roles={roles.data?.data ?? []}
          onClose={() => setDrawer(null)}
          onError={afterSave.failed}
          onSaved={(answer, before) => {
            afterSave.saved(answer, before);
            setDrawer(null);
            void list.mutate();
          }}
        />
      )}
    </section>
  );
}
