import { Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { LAYOUT_NAMESPACE } from "../../i18n";
import { Link, useLocation } from "wouter";
import type { ThemeMode } from "../../providers/config";
import { usePreferences } from "../../providers/preferences";
import { navbarWidgets } from "../registry";
import { useAppSettings } from "../../providers/settings";
import { useSession } from "../../providers/session";
import { Icon } from "../../components/Icon";
import { lazyComponent } from "../../lib/lazyComponent";
import { LanguageSwitcher } from "../../components/LanguageSwitcher";

const NEXT_THEME: Record<ThemeMode, ThemeMode> = { light: "dark", dark: "system", system: "light" };
const THEME_ICON: Record<ThemeMode, string> = { light: "sun", dark: "moon", system: "device-desktop" };

/** Features' widgets (say, a cart badge), each loaded on demand and failing alone. */
function Widgets() {
  const widgets = useMemo(() => navbarWidgets.map((w) => ({ name: w.name, Component: lazyComponent(w.component) })), []);
  return (
    <>
      {widgets.map(({ name, Component }) => (
        <Suspense key={name} fallback={null}>
          <Component />
        </Suspense>
      ))}
    </>
  );
}

function UserMenu() {
  const { t } = useTranslation(["common", LAYOUT_NAMESPACE]);
  const { userData, signOut } = useSession();
  const [, navigate] = useLocation();
  if (!userData) return null;
  const initials = userData.userName
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <div className="dropdown dropdown-end">
      {/* Named by its content, so the name holds the initials a speech user sees: "AD Account menu". */}
      <button type="button" className="btn btn-ghost btn-circle avatar">
        {userData.userImage ? (
          <img src={userData.userImage} alt="" className="w-9 rounded-full" />
        ) : (
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary">
            {initials}
          </span>
        )}{" "}
        <span className="sr-only">{t("userMenu")}</span>
      </button>
      <ul className="dropdown-content menu z-40 mt-2 w-60 rounded-box bg-base-100 p-2 shadow-lg">
        <li className="menu-title">
          <span className="block truncate text-base-content" data-testid="navbar-user-name">
            {userData.userName}
          </span>
          <span className="block truncate text-xs font-normal">{t(`role.${userData.role}`, userData.role)}</span>
        </li>
        <li>
          <Link href="/pages/account-settings/account">
            <Icon name="settings" size={18} />
            {t("accountSettings")}
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={async () => {
              await signOut().catch(() => undefined);
              navigate("/login", { replace: true });
            }}
          >
            <Icon name="logout" size={18} />
            {t("signOut")}
          </button>
        </li>
      </ul>
    </div>
  );
}

interface NavbarProps {
  vertical: boolean;
  onOpenMenu: () => void;
  onOpenCustomizer: () => void;
}

/** The top bar: menu buttons, site name, feature widgets, language, theme, customizer and user menu. */
export function Navbar({ vertical, onOpenMenu, onOpenCustomizer }: NavbarProps) {
  const { t } = useTranslation(["common", LAYOUT_NAMESPACE]);
  const { stored, effective, set } = usePreferences();
  const settings = useAppSettings();
  const type = effective["navbar-type"];
  if (type === "hidden") return null;
  // A sticky navbar lifts off the page once it is scrolled (the layout's `window-scrolled` class):
  // a shadow, and a see-through blurred surface when the blur preference is on.
  const blur = effective["navbar-blur"]
    ? "group-[.window-scrolled]/layout:bg-base-100/80 group-[.window-scrolled]/layout:backdrop-blur"
    : "";
  const surface = type === "sticky" ? `sticky top-0 group-[.window-scrolled]/layout:shadow-md ${blur}` : "shadow-sm";
  return (
    <header className={`navbar z-30 gap-1 bg-base-100 ${surface}`}>
      <button type="button" className="btn btn-ghost btn-circle nav:hidden" aria-label={t("openMenu")} onClick={onOpenMenu}>
        <Icon name="menu" />
      </button>
      {vertical && (
        <button
          type="button"
          className="btn btn-ghost btn-circle hidden nav:inline-flex"
          aria-label={t("collapseMenu")}
          aria-pressed={effective["nav-collapsed"]}
          onClick={() => set("nav-collapsed", !stored["nav-collapsed"])}
        >
          <Icon name="menu" />
        </button>
      )}
      <Link href="/" className="flex-1 truncate px-2 text-lg font-semibold text-primary">
        {settings.siteName || t("appName")}
      </Link>
      <Widgets />
      {settings.languageSwitcher && <LanguageSwitcher />}
      <button
        type="button"
        className="btn btn-ghost btn-circle"
        aria-label={t("themeToggle", { theme: t(`theme.${NEXT_THEME[stored.theme]}`) })}
        title={t(`theme.${stored.theme}`)}
        onClick={() => set("theme", NEXT_THEME[stored.theme])}
      >
        <Icon name={THEME_ICON[stored.theme]} />
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-circle"
        aria-label={t("layout:customizer.open")}
        onClick={onOpenCustomizer}
      >
        <Icon name="palette" />
      </button>
      <UserMenu />
    </header>
  );
}
