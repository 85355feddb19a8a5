import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../providers/session";
import { Icon } from "../../../components/Icon";
import { Empty } from "../../../components/PageStates";
import { roleLabel } from "../../../lib/roles";

/** Pages a user may open, each behind the permission that opens it (the route's action and subject). */
export const PAGES = [
  { key: "portalDashboard", to: "/portal/dashboard", icon: "home", action: "read", subject: "Portal" },
  { key: "shop", to: "/portal/item", icon: "box", action: "read", subject: "Item" },
  { key: "bundles", to: "/portal/bundle", icon: "package", action: "read", subject: "Bundle" },
  { key: "sites", to: "/portal/site", icon: "world", action: "create", subject: "History" },
  { key: "history", to: "/portal/history-user", icon: "history", action: "read", subject: "History" },
  { key: "downloads", to: "/portal/download-page", icon: "download", action: "read", subject: "Download" },
  { key: "quota", to: "/portal/quota", icon: "coins", action: "read", subject: "Quota" },
  { key: "redeem", to: "/portal/quota", icon: "ticket", action: "redeem", subject: "Coupon" },
  { key: "billing", to: "/pages/account-settings/billing", icon: "credit-card", action: "read", subject: "Payment" },
  { key: "profile", to: "/portal/profile", icon: "user", action: "read", subject: "Profile" },
  { key: "crm", to: "/dashboards/crm", icon: "chart", action: "manage", subject: "all" },
  { key: "users", to: "/apps/user/list", icon: "users", action: "manage", subject: "User" },
  { key: "roles", to: "/apps/roles", icon: "shield", action: "manage", subject: "Role" },
  { key: "coupons", to: "/portal/coupon", icon: "ticket", action: "manage", subject: "Coupon" },
  { key: "vendors", to: "/portal/vendor", icon: "building", action: "manage", subject: "Vendor" },
] as const;

/** The client's home: what the signed-in user may do, read from their ability rules, with links. */
export default function AccessControlPage() {
  const { t } = useTranslation("dashboard");
  const { ability, userData } = useSession();
  const pages = PAGES.filter((page) => ability.can(page.action, page.subject));
  const rules = ability.rules;
  return (
    <div className="grid grid-cols-1 gap-6">
      <header>
        <h1 className="text-2xl font-semibold">{t("access.title")}</h1>
        <p className="text-base-content/70">{t("access.intro", { role: userData ? roleLabel(userData.role) : "" })}</p>
      </header>
      <section aria-labelledby="access-pages">
        <h2 id="access-pages" className="mb-3 text-lg font-semibold">
          {t("access.pages")}
        </h2>
        {pages.length === 0 ? (
          <Empty text={t("access.noPages")} />
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {pages.map((page) => (
              <li key={page.key}>
                <Link
                  href={page.to}
                  className="card card-sm h-full bg-base-100 shadow-sm transition-colors hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <div className="card-body flex-row items-start gap-3">
                    <span className="rounded-box bg-primary/10 p-2 text-primary">
                      <Icon name={page.icon} size={20} />
                    </span>
                    <span className="grid gap-0.5">
                      <span className="font-medium">{t(`access.page.${page.key}`)}</span>
                      <span className="text-sm text-base-content/70">{t(`access.pageHint.${page.key}`)}</span>
                    </span>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card bg-base-100 shadow-sm" aria-labelledby="access-rules">
        <div className="card-body gap-3">
          <h2 id="access-rules" className="card-title text-base">
            {t("access.rules")}
          </h2>
          {rules.length === 0 ? (
            <Empty text={t("access.noRules")} />
          ) : (
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("access.rules")}>
              <table className="table table-sm">
                <thead className="text-base-content/80">
                  <tr>
                    <th className="text-start">{t("access.action")}</th>
                    <th className="text-start">{t("access.subject")}</th>
                    <th className="text-start">{t("access.scope")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rules.map((rule, i) => {
                    const actions = ([] as string[]).concat(rule.action as string | string[]);
                    const subjects = ([] as string[]).concat((rule.subject ?? "all") as string | string[]);
                    const scope = rule.inverted ? "denied" : rule.conditions ? "own" : "all";
                    return (
                      <tr key={i}>
                        <td>{actions.map((a) => t(`access.actions.${a}`, { defaultValue: a })).join(", ")}</td>
                        <td>{subjects.map((s) => t(`access.subjects.${s}`, { defaultValue: s })).join(", ")}</td>
                        <td>
                          <span className="badge badge-sm gap-1.5">
                            <span
                              className={`size-2 rounded-full ${scope === "denied" ? "bg-error" : scope === "own" ? "bg-info" : "bg-success"}`}
                              aria-hidden="true"
                            />
                            {t(`access.scopes.${scope}`)}
                          </span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
