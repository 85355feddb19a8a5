import { useState } from "react";
import { useTranslation } from "react-i18next";
import { roleLabel } from "../../../lib/roles";
import { Link } from "wouter";
import { PageHeader } from "../../../components/PageHeader";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { UserDrawer } from "../../../components/UserDrawer";
import { addUser } from "../api";
import { RoleDialog } from "../components/RoleDialog";
import { useRoleActions } from "../components/useRoleActions";
import { subjectNameKey, type RoleRule } from "../types";

export function RuleBadge({ rule }: { rule: RoleRule }) {
  const { t } = useTranslation("roles");
  return (
    <span className={`badge badge-soft ${rule.inverted ? "badge-error" : "badge-primary"}`}>
      {rule.inverted ? `${t("cannot")} ` : ""}
      {t("rule", { action: t(`actionName.${rule.action}`), subject: t(subjectNameKey(rule.subject)) })}
      {rule.conditions ? ` (${t("ownOnly")})` : ""}
    </span>
  );
}

export default function RolesPage() {
  const { t } = useTranslation("roles");
  // The add-user drawer speaks the users namespace: loaded with the page, so opening it never waits.
  useTranslation("users");
  const { roles, canManage, canAddUser, editing, setEditing, remove, saved } = useRoleActions();
  const [addingUser, setAddingUser] = useState(false);

  let body;
  if (roles.error && !roles.data) body = <ErrorState onRetry={() => void roles.mutate()} />;
  else if (!roles.data) body = <Loading />;
  else if (roles.data.data.length === 0) body = <Empty text={t("empty")} />;
  else {
    body = (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {roles.data.data.map((role) => (
          <article key={role.roleId} className="card bg-base-100 shadow-sm" aria-label={roleLabel(role.roleName)}>
            <div className="card-body gap-3">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <h2 className="card-title">{roleLabel(role.roleName)}</h2>
                  <p className="text-sm text-base-content/70">
                    {role.builtIn ? t(`builtInDescription.${role.roleName}`, { defaultValue: role.roleDesc }) : role.roleDesc}
                  </p>
                </div>
                {role.builtIn && <span className="badge badge-outline">{t("builtIn")}</span>}
              </div>
              <Link href={`/portal/user?selectedRole=${encodeURIComponent(role.roleName)}`} className="link link-hover text-sm">
                {t("userCount", { count: role.userCount })}
              </Link>
              <div className="flex flex-wrap gap-1">
                {role.rules.map((rule, i) => (
                  <RuleBadge key={i} rule={rule} />
                ))}
              </div>
              {canManage && !role.builtIn && (
                <div className="card-actions justify-end">
                  <button type="button" className="btn btn-sm" onClick={() => setEditing({ role })}>
                    {t("edit")}
                  </button>
                  <button type="button" className="btn btn-sm btn-ghost text-error" onClick={() => void remove(role)}>
                    {t("delete")}
                  </button>
                </div>
              )}
            </div>
          </article>
        ))}
      </div>
    );
  }

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")}>
        <div className="flex flex-wrap gap-2">
          {canAddUser && (
            <button type="button" className="btn" onClick={() => setAddingUser(true)}>
              {t("users:addUser")}
            </button>
          )}
          {canManage && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing({ role: null })}>
              {t("addRole")}
            </button>
          )}
        </div>
      </PageHeader>
      {body}
      {editing && <RoleDialog role={editing.role} onClose={() => setEditing(null)} onSaved={() => void saved()} />}
      {addingUser && (
        <UserDrawer
          user={null}
          roles={roles.data?.data ?? []}
          save={addUser}
          onClose={() => setAddingUser(false)}
          onSaved={() => {
            setAddingUser(false);
            // The roles' user counts change.
            void roles.mutate();
          }}
        />
      )}
    </section>
  );
}
