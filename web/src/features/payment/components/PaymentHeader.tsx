import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../providers/session";
import { useAppSettings } from "../../../providers/settings";
import { Icon } from "../../../components/Icon";

/** The public payment page's top bar: the site's name, linking home (the portal when signed in, else the public home). */
export function PaymentHeader() {
  const { t } = useTranslation();
  const { siteName } = useAppSettings();
  const { isLoggedIn } = useSession();
  return (
    <header className="border-b border-base-300 bg-base-100">
      <nav className="navbar mx-auto max-w-4xl px-4" aria-label={t("payment:siteNav")}>
        <Link href={isLoggedIn ? "/" : "/front-pages/landing-page"} className="btn btn-ghost gap-2 px-2 text-lg font-bold">
          <Icon name="box" className="text-primary" />
          {siteName || t("appName")}
        </Link>
      </nav>
    </header>
  );
}
