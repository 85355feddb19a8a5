import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../providers/session";
import { Icon } from "./Icon";

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
      <div role="tablist" className="tabs tabs-box w-fit bg-base-100">
        {tabs.map(({ tab, icon }) => (
          <Link
            key={tab}
            href={`/pages/account-settings/${tab}`}
            role="tab"
            aria-selected={tab === current}
            className={`tab gap-2 ${tab === current ? "tab-active" : "text-base-content"}`}
          >
            <Icon name={icon} size={18} />
            {t(`accountTab.${tab}`)}
          </Link>
        ))}
      </div>
    </nav>
  );
}
