import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LAYOUT_NAMESPACE } from "../../i18n";
import { SWRConfig } from "swr";
import { Link, useLocation } from "wouter";
import { navGroups } from "../nav";
import { usePreferences } from "../../providers/preferences";
import { NAV_NAMESPACES, navItems } from "../navRegistry";
import { useAppSettings } from "../../providers/settings";
import { useSession } from "../../providers/session";
import { Icon } from "../../components/Icon";
import { ScrollToTop } from "../../components/ScrollToTop";
import { SWR_DEFAULTS } from "../../lib/swr";
import { Customizer } from "./Customizer";
import { HorizontalNav } from "./HorizontalNav";
import { Navbar } from "./Navbar";
import { useLayoutClasses } from "./useLayoutClasses";
import { VerticalNav } from "./VerticalNav";
import { ViewAsBanner } from "./ViewAsBanner";

function Footer({ type }: { type: "sticky" | "static" | "hidden" }) {
  const { t } = useTranslation();
  const settings = useAppSettings();
  if (type === "hidden") return null;
  return (
    <footer
      className={`flex flex-wrap justify-between gap-2 bg-base-100 px-6 py-3 text-sm text-base-content/70 ${type === "sticky" ? "sticky bottom-0 z-20 shadow-sm" : ""}`}
    >
      <span>{t("footerCopyright", { year: new Date().getFullYear(), name: settings.siteName || t("appName") })}</span>
      <a href="#top" className="link link-hover">
        {t("backToTop")}
      </a>
    </footer>
  );
}

const NAMESPACES = [...NAV_NAMESPACES, LAYOUT_NAMESPACE];

/** The overlay menu's top on a phone: the site's logo (home) and a way to close it besides tapping outside. */
function MenuHeader({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useAppSettings();
  return (
    <div className="mb-2 flex items-center justify-between gap-2 ps-2 nav:hidden" data-testid="menu-header">
      <Link href="/" className="flex min-w-0 items-center gap-2 text-lg font-bold" onClick={onClose}>
        <Icon name="box" className="shrink-0 text-primary" aria-hidden="true" />
        <span className="truncate">{settings.siteName || t("appName")}</span>
      </Link>
      <button type="button" className="btn btn-ghost btn-square btn-sm" aria-label={t("closeMenu")} onClick={onClose}>
        <Icon name="x" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * The signed-in layout: vertical (collapsible) or horizontal menu, navbar, footer, boxed or fluid
 * content. Below the nav breakpoint (976 px) the menu is an overlay drawer.
 */
export function DefaultLayout({
  children,
  activeLink,
  fixedHeight,
}: {
  children: ReactNode;
  activeLink?: string;
  fixedHeight?: boolean;
}) {
  // Suspends until every namespace of the menu's titles is loaded.
  const { t } = useTranslation(NAMESPACES);
  const { ability, userData } = useSession();
  const { effective } = usePreferences();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const active = activeLink ?? location;
  // Recomputed on every render: cheap, and always in step with the rules of the signed-in user.
  const groups = navGroups(navItems, (a, s) => ability.can(a, s));
  const vertical = effective["nav-type"] === "vertical";
  const collapsed = vertical && effective["nav-collapsed"];
  const boxed = effective["content-width"] === "boxed";
  const layout = useLayoutClasses(effective);
  const horizontalNav = effective["horizontal-nav-type"];

  return (
    <div
      id="top"
      className={`drawer group/layout ${vertical ? "nav:drawer-open" : ""} ${layout}`}
      data-user={userData?.userId}
      data-testid="layout"
    >
      <input
        id="nav-drawer"
        type="checkbox"
        className="drawer-toggle"
        checked={menuOpen}
        onChange={(e) => setMenuOpen(e.target.checked)}
        aria-label={t("openMenu")}
      />
      <div className={`drawer-content flex min-w-0 flex-col bg-base-200 ${fixedHeight ? "h-screen" : "min-h-screen"}`}>
        <ViewAsBanner />
        <Navbar vertical={vertical} onOpenMenu={() => setMenuOpen(true)} onOpenCustomizer={() => setCustomizerOpen(true)} />
        {!vertical && horizontalNav !== "hidden" && (
          <HorizontalNav
            key={active}
            groups={groups}
            active={active}
            sticky={horizontalNav === "sticky"}
            belowStickyNavbar={effective["navbar-type"] === "sticky"}
          />
        )}
        <main
          className={`w-full flex-1 p-4 md:p-6 ${boxed ? "mx-auto max-w-[1440px]" : ""} ${fixedHeight ? "min-h-0 overflow-hidden" : ""}`}
        >
          <SWRConfig value={SWR_DEFAULTS}>{children}</SWRConfig>
        </main>
        <Footer type={effective["footer-type"]} />
      </div>
      <div className="drawer-side z-40">
        <label htmlFor="nav-drawer" className="drawer-overlay" aria-hidden="true" />
        <nav
          className={`min-h-full w-64 border-e border-base-300 bg-base-100 p-2 ${collapsed ? "nav:w-20" : ""}`}
          aria-label={t("mainMenu")}
        >
          <MenuHeader onClose={() => setMenuOpen(false)} />
          <VerticalNav groups={groups} active={active} collapsed={collapsed} onNavigate={() => setMenuOpen(false)} />
        </nav>
      </div>
      <ScrollToTop />
      <Customizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
    </div>
  );
}

export default DefaultLayout;
