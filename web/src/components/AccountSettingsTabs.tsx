import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../app/session";

const TABS = [
  { tab: "account", icon: "user" },
  { tab: "security", icon: "lock" },
  { tab: "billing", icon: "credit-card" },
] as const;

export type AccountTab = (typeof TABS)[number]["tab"];

/**
 * The tab bar of /pages/account-settings/:tab, shared by the account feature (account, security)
 * and the commerce feature (billing, shown to users who can read Payment).
 */
export function AccountSettingsTabs({ current }: { current: AccountTab }) {
  const { t } = useTranslation();
  const { ability } = useSession();
  const tabs = TABS.filter((tab) => tab.tab !== "billing" || ability.can("read", "Payment"));
  return (
    <nav aria-label={t("accountSettings")}>
      <ul role="tablist" className="tabs tabs-box mb-6 w-fit bg-base-100">
        {tabs.map(({ tab }) => (
          <li key={tab} role="presentation">
            <Link
              href={`/pages/account-settings/${tab}`}
              role="tab"
              aria-selected={tab === current}
              className={`tab ${tab === current ? "tab-active" : ""}`}
            >
              {t(`accountTab.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
