import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Empty } from "../../../components/PageStates";
import { formatCount } from "../../../lib/format";
import type { Site } from "../types";
import { Thumbnail } from "../../../components/Thumbnail";

/** What a client sees: the usable sites with their price in points and a way to start a job. */
export function SiteCards({ sites, dimmed }: { sites: Site[]; dimmed: boolean }) {
  const { t } = useTranslation("sites");
  if (sites.length === 0) return <Empty text={t("emptyClient")} />;
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${dimmed ? "opacity-60" : ""}`}>
      {sites.map((site) => (
        <li key={site.siteId} className="card bg-base-100 shadow-sm" data-testid="site-card">
          <div className="card-body gap-3">
            <div className="flex items-center gap-3">
              <Thumbnail src={site.siteImage} name={site.siteName} className="h-12 w-12 rounded-box" />
              <h2 className="card-title">{site.siteName}</h2>
            </div>
            <p className="text-sm text-base-content/70">{site.siteDesc}</p>
            <div className="card-actions items-center justify-between">
              <span className="badge badge-primary badge-soft">{formatCount("points", site.sitePrice)}</span>
              <Link href={`/portal/site/use/${site.siteId}`} className="btn btn-primary btn-sm">
                {t("useSite")}
              </Link>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
