import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { useSession } from "../../../providers/session";
import { useAppSettings } from "../../../providers/settings";
import { Icon } from "../../../components/Icon";

const LINKS = [
  { to: "/front-pages/pricing", label: "nav.pricing" },
  { to: "/front-pages/help-center", label: "nav.helpCenter" },
  { to: "/front-pages/payment", label: "nav.payment" },
] as const;

/** The deployment's site name, or the app's name until the settings answer. */
function useSiteName() {
  const { t } = useTranslation();
  const { siteName } = useAppSettings();
  return siteName || t("appName");
}

function SessionButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation("front");
  const { isLoggedIn } = useSession();
  return isLoggedIn ? (
    <Link href="/" className={`btn btn-primary btn-sm ${className}`}>
      {t("nav.goToPortal")}
    </Link>
  ) : (
    <Link href="/login" className={`btn btn-primary btn-sm ${className}`}>
      {t("nav.signIn")}
    </Link>
  );
}

/** The public pages' own frame: a marketing header, the page, and a footer with the useful links. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation("front");
  const [location] = useLocation();
  const siteName = useSiteName();
  const year = new Date().getFullYear();
  const current = (to: string) => (location === to || location.startsWith(`${to}/`) ? "page" : undefined);

  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a href="#content" className="btn btn-primary btn-sm absolute start-2 top-2 z-50 -translate-y-20 focus:translate-y-0">
        {t("nav.skipToContent")}
      </a>
      <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/90 backdrop-blur">
        <nav className="navbar mx-auto max-w-6xl gap-2 px-4" aria-label={t("nav.label")}>
          <div className="flex-1">
            <Link href="/front-pages/landing-page" className="btn btn-ghost gap-2 px-2 text-lg font-bold">
              <Icon name="box" className="text-primary" aria-hidden="true" />
              {siteName}
            </Link>
          </div>
          <ul className="menu menu-horizontal hidden gap-1 md:flex">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link href={link.to} aria-current={current(link.to)} className={current(link.to) ? "menu-active" : undefined}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
          <SessionButton className="hidden sm:inline-flex" />
          <details className="dropdown dropdown-end md:hidden">
            <summary className="btn btn-ghost btn-square" aria-label={t("nav.openMenu")}>
              <Icon name="menu" aria-hidden="true" />
            </summary>
            <ul className="menu dropdown-content z-50 mt-2 w-56 rounded-box bg-base-100 p-2 shadow-lg">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <Link href={link.to} aria-current={current(link.to)}>
                    {t(link.label)}
                  </Link>
                </li>
              ))}
              <li className="sm:hidden">
                <SessionButton className="mt-2" />
              </li>
            </ul>
          </details>
        </nav>
      </header>

      <main id="content" className="flex-1">
        {children}
      </main>

      <footer className="border-t border-base-300 bg-base-200">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-3">
          <div>
            <p className="text-lg font-bold">{siteName}</p>
            <p className="mt-2 text-sm text-base-content/70">{t("footer.tagline")}</p>
          </div>
          <nav aria-label={t("footer.product")}>
            <h2 className="mb-2 font-semibold">{t("footer.product")}</h2>
            <ul className="space-y-1 text-sm">
              <li>
                <Link href="/front-pages/landing-page" className="link link-hover">
                  {t("nav.home")}
                </Link>
              </li>
              <li>
                <Link href="/front-pages/pricing" className="link link-hover">
                  {t("nav.pricing")}
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label={t("footer.support")}>
            <h2 className="mb-2 font-semibold">{t("footer.support")}</h2>
            <ul className="space-y-1 text-sm">
              <li>
                <Link href="/front-pages/help-center" className="link link-hover">
                  {t("nav.helpCenter")}
                </Link>
              </li>
              <li>
                <Link href="/front-pages/faq" className="link link-hover">
                  {t("menu.faq")}
                </Link>
              </li>
              <li>
                <Link href="/front-pages/payment" className="link link-hover">
                  {t("nav.payment")}
                </Link>
              </li>
              <li>
                <Link href="/login" className="link link-hover">
                  {t("nav.signIn")}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className="border-t border-base-300 py-4 text-center text-xs text-base-content/80">
          {t("footer.rights", { year, siteName })}
        </p>
      </footer>
    </div>
  );
}
