import { useTranslation } from "react-i18next";
import { roleLabel } from "../../../lib/roles";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { RoleDialog } from "../components/RoleDialog";
import { useRoleActions } from "../components/useRoleActions";
import { SUBJECTS, subjectNameKey, type Role } from "../types";

/** The rules of a role that name this subject (or `all`), as short text. */
function cell(role: Role, subject: string, t: (key: string) => string): string {
  const rules = role.rules.filter((r) => r.subject === subject || (r.subject === "all" && subject !== "all"));
  if (rules.length === 0) return "—";
  return rules
    .map(
      (r) =>
        `${r.inverted ? `${t("cannot")} ` : ""}${t(`actionName.${r.action}`)}${r.subject === "all" ? "*" : ""}${r.conditions ? ` (${t("ownOnly")})` : ""}`,
    )
    .join(", ");
}

export default function PermissionsPage() {
  const { t } = useTranslation("roles");
  const { roles, canManage, editing, setEditing, saved } = useRoleActions();

  if (roles.error && !roles.data) return <ErrorState onRetry={() => void roles.mutate()} />;
  if (!roles.data) return <Loading />;
  const list = roles.data.data;

  return (
    <section className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t("permissionsTitle")}</h1>
        <p className="text-base-content/70">{t("permissionsSubtitle")}</p>
      </header>
      {list.length === 0 ? (
        <Empty text={t("empty")} />
      ) : (
        <div className="card overflow-x-auto bg-base-100 shadow-sm" tabIndex={0} role="region" aria-label={t("permissionsTitle")}>
          <table className="table">
            <caption className="sr-only">{t("permissionsTitle")}</caption>
            <thead className="text-base-content/80">
              <tr>
                <th scope="col">{t("subject")}</th>
                {list.map((role) => (
                  <th key={role.roleId} scope="col">
                    {canManage && !role.builtIn ? (
                      <button type="button" className="link link-hover" onClick={() => setEditing({ role })}>
                        {roleLabel(role.roleName)}
                      </button>
                    ) : (
                      roleLabel(role.roleName)
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {SUBJECTS.filter((s) => s !== "all").map((subject) => (
                <tr key={subject}>
                  <th scope="row">{t(subjectNameKey(subject))}</th>
                  {list.map((role) => (
                    <td key={role.roleId} className="text-sm">
                      {cell(role, subject, t)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="p-3 text-xs text-base-content/70">{t("allHint")}</p>
        </div>
      )}
      {editing && <RoleDialog role={editing.role} onClose={() => setEditing(null)} onSaved={() => void saved()} />}
    </section>
  );
}
