import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LAYOUT_NAMESPACE } from "../../i18n";
import { api } from "../../lib/api";
import { useSession, type ViewAsState } from "../../providers/session";

/** Minutes and seconds left, "mm:ss"; never below zero. */
export function timeLeft(endsAt: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Says on every page that staff are viewing as this client, read-only, with the time left and End
 * (decision 0033). End, or the 30 minutes running out, brings the staff session back and reloads on
 * the client's page of the admin's user list.
 */
export function ViewAsBanner() {
  const { viewAs, userData } = useSession();
  if (!viewAs || !userData) return null;
  return <Banner viewAs={viewAs} clientName={userData.userName} clientId={userData.userId} />;
}

function Banner({ viewAs, clientName, clientId }: { viewAs: ViewAsState; clientName: string; clientId: number }) {
  const { t } = useTranslation(["common", LAYOUT_NAMESPACE]);
  const { signIn } = useSession();
  const [now, setNow] = useState(() => Date.now());
  const [ending, setEnding] = useState(false);
  const ended = useRef(false);

  async function end() {
    if (ended.current) return;
    ended.current = true;
    setEnding(true);
    try {
      await api("end-view-as");
      // The staff's data and rules before the full load: the user's page is theirs, not the client's.
      signIn(await api("me"));
    } finally {
      // A full load: the staff's session, rules and caches replace the client's everywhere.
      window.location.assign(`/apps/user/view/${clientId}`);
    }
  }

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = timeLeft(viewAs.endsAt, now);
  useEffect(() => {
    if (left === "00:00") void end();
  });

  return (
    <div
      role="status"
      className="sticky top-0 z-30 flex flex-wrap items-center justify-between gap-2 bg-warning px-4 py-2 text-sm text-warning-content"
      data-testid="view-as-banner"
    >
      <p className="min-w-0">
        <strong>{t("layout:viewAs.banner", { name: clientName })}</strong>{" "}
        <span>{t("layout:viewAs.by", { staff: viewAs.staffName })}</span>{" "}
        <span>
          {t("layout:viewAs.left")} <time dateTime={viewAs.endsAt}>{left}</time>
        </span>
      </p>
      <button type="button" className="btn btn-sm" onClick={() => void end()} disabled={ending}>
        {t("layout:viewAs.end")}
      </button>
    </div>
  );
}
