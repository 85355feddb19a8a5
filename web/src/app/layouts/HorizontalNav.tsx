import { useTranslation } from "react-i18next";
import { LAYOUT_NAMESPACE } from "../../i18n";
import { Link } from "wouter";
import { containsActive, type NavGroup } from "../nav";
import type { NavItem } from "../../lib/feature";
import { Icon } from "../../components/Icon";

function Entries({ items, active }: { items: NavItem[]; active: string }) {
  const { t } = useTranslation(["common", LAYOUT_NAMESPACE]);
  return (
    <>
      {items.map((item) =>
        item.children?.length ? (
          <li key={item.title}>
            <details>
              <summary>
                <Icon name={item.icon ?? "circle"} size={18} />
                {t(item.title)}
              </summary>
              <ul className="z-20 w-56 bg-base-100 shadow-lg">
                <Entries items={item.children} active={active} />
              </ul>
            </details>
          </li>
        ) : (
          <li key={item.title}>
            <Link href={item.to ?? "/"} className={containsActive(item, active) ? "menu-active" : undefined}>
              <Icon name={item.icon ?? "circle"} size={18} />
              {t(item.title)}
            </Link>
          </li>
        ),
      )}
    </>
  );
}

interface Props {
  groups: NavGroup[];
  active: string;
  /** Sticks under the navbar (or at the top when the navbar scrolls away) instead of scrolling with the page. */
  sticky: boolean;
  belowStickyNavbar: boolean;
}

/** The horizontal menu (wide screens): one drop-down per section. */
export function HorizontalNav({ groups, active, sticky, belowStickyNavbar }: Props) {
  const { t } = useTranslation(["common", LAYOUT_NAMESPACE]);
  const position = sticky ? `sticky z-20 ${belowStickyNavbar ? "top-16" : "top-0"}` : "";
  return (
    <nav className={`hidden border-b border-base-300 bg-base-100 px-4 nav:block ${position}`} aria-label={t("mainMenu")}>
      <ul className="menu menu-horizontal gap-1 p-1">
        {groups.map((group) => (
          <li key={group.section}>
            <details>
              <summary className={group.items.some((item) => containsActive(item, active)) ? "menu-active" : undefined}>
                {t(`layout:navSection.${group.section}`)}
              </summary>
              <ul className="z-20 w-60 bg-base-100 shadow-lg">
                <Entries items={group.items} active={active} />
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </nav>
  );
}
