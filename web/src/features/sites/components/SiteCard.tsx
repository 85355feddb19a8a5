import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Thumbnail } from "../../../components/Thumbnail";
import { formatCount } from "../../../lib/format";
import type { Site } from "../types";

/** What a client sees of a usable site: its price in points and a way to start a job. */
export function SiteCard({ site }: { site: Site }) {
  const { t } = useTranslation("sites");
  return (
    <div className="card-body gap-3">
      <div className="flex min-w-0 items-center gap-3">
        <Thumbnail src={site.siteImage} name={site.siteName} className="h-12 w-12 rounded-box" />
        <h2 className="card-title min-w-0 break-words">{site.siteName}</h2>
      </div>
      <p className="text-sm break-words text-base-content/70">{site.siteDesc}</p>
      <div className="card-actions items-center justify-between">
        <span className="badge badge-primary badge-soft">{formatCount("points", site.sitePrice)}</span>
        <Link href={`/portal/site/use/${site.siteId}`} className="btn btn-primary btn-sm">
          {t("useSite")}
        </Link>
      </div>
    </div>
  );
}
