import { useTranslation } from "react-i18next";
import { LAYOUT_NAMESPACE } from "../i18n";
import { Link } from "wouter";
import { useSession } from "../providers/session";
import { Icon } from "./Icon";

const TABS = [
  { tab: "account", icon: "user" },
  { tab: "security", icon: "lock" },
  { tab: "billing", icon: "credit-card" },
  { tab: "notifications", icon: "bell" },
] as const;

export type AccountTab = (typeof TABS)[number]["tab"];

/**
 * The tab bar of /pages/account-settings/:tab, shared by the account feature (account, security), the
 * commerce feature (billing, shown to users who can read Payment) and the notifications feature. On a
 * phone the bar scrolls sideways rather than widen the page.
 */
export function AccountSettingsTabs({ current }: { current: AccountTab }) {
  const { t } = useTranslation(["common", LAYOUT_NAMESPACE]);
  const { ability } = useSession();
  const tabs = TABS.filter((tab) => tab.tab !== "billing" || ability.can("read", "Payment"));
  return (
    <nav aria-label={t("accountSettings")} className="max-w-full overflow-x-auto">
      <div role="tablist" className="tabs tabs-box w-max flex-nowrap bg-base-100">
        {tabs.map(({ tab, icon }) => (
          <Link
            key={tab}
            href={`/pages/account-settings/${tab}`}
            role="tab"
            aria-selected={tab === current}
            className={`tab gap-2 ${tab === current ? "tab-active" : "text-base-content"}`}
          >
            <Icon name={icon} size={18} />
            {t(`layout:accountTab.${tab}`)}
          </Link>
        ))}
      </div>
    </nav>
  );
}
