import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { visibleNav } from "../app/nav";
import { navItems } from "../app/registry";
import { useSession } from "../app/session";
import type { NavItem } from "../app/types";

function NavLinks({ items, active }: { items: NavItem[]; active: string }) {
  const { t } = useTranslation();
  return (
    <ul className="menu w-full">
      {items.map((item) =>
        item.children ? (
          <li key={item.title}>
            <details open>
              <summary>{t(item.title)}</summary>
              <NavLinks items={item.children} active={active} />
            </details>
          </li>
        ) : (
          <li key={item.title}>
            <Link href={item.to ?? "/"} className={active === item.to ? "menu-active" : undefined}>
              {t(item.title)}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}

export function DefaultLayout({ children, activeLink }: { children: ReactNode; activeLink?: string }) {
  const { t } = useTranslation();
  const { userData, ability, signOut } = useSession();
  const [location, navigate] = useLocation();
  // Cheap to compute; recomputed whenever the session (and so the rules) changes.
  const items = visibleNav(navItems, (a, s) => ability.can(a, s));
  return (
    <div className="drawer lg:drawer-open">
      <input id="nav-drawer" type="checkbox" className="drawer-toggle" aria-label="menu" />
      <div className="drawer-content flex min-h-screen flex-col bg-base-200">
        <header className="navbar sticky top-0 z-30 bg-base-100/80 shadow-sm backdrop-blur">
          <label htmlFor="nav-drawer" className="btn btn-ghost lg:hidden" aria-label="menu">
            ☰
          </label>
          <span className="flex-1 px-2 font-semibold">{t("appName")}</span>
          <span className="pe-2">{userData?.userName}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={async () => {
              await signOut();
              navigate("/login");
            }}
          >
            {t("signOut")}
          </button>
        </header>
        <main className="mx-auto w-full max-w-[1440px] flex-1 p-4 md:p-6">{children}</main>
      </div>
      <aside className="drawer-side z-40">
        <label htmlFor="nav-drawer" className="drawer-overlay" aria-label="close menu" />
        <nav className="min-h-full w-64 bg-base-100 p-2" aria-label="main">
          <NavLinks items={items} active={activeLink ?? location} />
        </nav>
      </aside>
    </div>
  );
}
