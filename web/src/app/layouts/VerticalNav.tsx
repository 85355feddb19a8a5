import { useTranslation } from "react-i18next";
import { LAYOUT_NAMESPACE } from "../../i18n";
import { Link } from "wouter";
import { containsActive, type NavGroup } from "../nav";
import type { NavItem } from "../../lib/feature";
import { Icon } from "../../components/Icon";

interface Props {
  groups: NavGroup[];
  active: string;
  /** Icons only (desktop); the overlay menu always shows labels. */
  collapsed: boolean;
  onNavigate: () => void;
}

function isActive(item: NavItem, active: string) {
  return item.to !== undefined && (active === item.to || active.startsWith(`${item.to}/`));
}

function Items({ items, active, collapsed, onNavigate }: Omit<Props, "groups"> & { items: NavItem[] }) {
  const { t } = useTranslation(["common", LAYOUT_NAMESPACE]);
  const label = collapsed ? "nav:sr-only" : undefined;
  return (
    <>
      {items.map((item) =>
        item.children?.length ? (
          <li key={item.title}>
            <details open={containsActive(item, active)}>
              <summary title={t(item.title)}>
                <Icon name={item.icon ?? "circle"} />
                <span className={label}>{t(item.title)}</span>
              </summary>
              <ul>
                <Items items={item.children} active={active} collapsed={collapsed} onNavigate={onNavigate} />
              </ul>
            </details>
          </li>
        ) : (
          <li key={item.title}>
            <Link
              href={item.to ?? "/"}
              className={isActive(item, active) ? "menu-active" : undefined}
              aria-current={isActive(item, active) ? "page" : undefined}
              title={t(item.title)}
              onClick={onNavigate}
            >
              <Icon name={item.icon ?? "circle"} />
              <span className={label}>{t(item.title)}</span>
            </Link>
          </li>
        ),
      )}
    </>
  );
}

/** The vertical menu: a heading per section, children in collapsible groups (open when they hold the page). */
export function VerticalNav({ groups, active, collapsed, onNavigate }: Props) {
  const { t } = useTranslation(["common", LAYOUT_NAMESPACE]);
  return (
    <ul className="menu w-full gap-0.5">
      {groups.map((group) => (
        <li key={group.section}>
          <h2 className={`menu-title text-xs text-base-content/70 uppercase ${collapsed ? "nav:sr-only" : ""}`}>
            {t(`layout:navSection.${group.section}`)}
          </h2>
          <ul className="ms-0 ps-0 before:hidden">
            <Items items={group.items} active={active} collapsed={collapsed} onNavigate={onNavigate} />
          </ul>
        </li>
      ))}
    </ul>
  );
}
