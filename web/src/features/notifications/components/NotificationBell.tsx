import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useLocation } from "wouter";
import { useSession } from "../../../providers/session";
import { Icon } from "../../../components/Icon";
import { formatDate } from "../../../lib/format";
import { BELL_KEY, bellNotifications, readAllNotifications, readNotification, type Notification } from "../api";

/** How often the bell asks again while the page is open (and whenever the window regains focus). */
const REFRESH_MS = 30_000;
/** The server counts unread notifications up to 100. */
const UNREAD_CAP = 100;

/**
 * The navbar's bell: the number of unread notifications, and a menu with the newest of them (each opens
 * its page and is marked read), "mark all read" and the link to the whole list.
 */
export default function NotificationBell() {
  const { t } = useTranslation("notifications");
  const { userData } = useSession();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const bell = useSWR(userData ? BELL_KEY : null, bellNotifications, {
    refreshInterval: REFRESH_MS,
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  });
  if (!userData) return null;
  const unread = bell.data?.unread ?? 0;
  const shown = unread >= UNREAD_CAP ? `${UNREAD_CAP - 1}+` : String(unread);

  async function open(notification: Notification) {
    // Leaving the menu: the page opens whether or not marking it read worked.
    (document.activeElement as HTMLElement | null)?.blur();
    await readNotification(notification.notificationId).catch(() => undefined);
    void bell.mutate();
    navigate(notification.link);
  }

  async function readAll() {
    setBusy(true);
    try {
      await readAllNotifications();
      await bell.mutate();
    } catch {
      // The menu shows the error state on its next read; nothing changed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="dropdown dropdown-end">
      <button
        type="button"
        className="btn btn-ghost btn-circle"
        aria-label={t("bellLabel", { unread })}
        data-testid="notification-bell"
      >
        <span className="indicator">
          <Icon name="bell" />
          {unread > 0 && (
            <span className="badge badge-error badge-xs indicator-item" data-testid="notification-count">
              {shown}
            </span>
          )}
        </span>
      </button>
      <div
        className="dropdown-content z-40 mt-2 w-80 max-w-[calc(100vw-1rem)] rounded-box bg-base-100 shadow-lg"
        role="region"
        aria-label={t("title")}
      >
        <div className="flex items-center justify-between gap-2 border-b border-base-200 px-4 py-2">
          <span className="font-semibold">{t("title")}</span>
          {unread > 0 && (
            <button type="button" className="btn btn-ghost btn-xs" disabled={busy} onClick={() => void readAll()}>
              {t("markAllRead")}
            </button>
          )}
        </div>
        {bell.error && !bell.data ? (
          // Not an alert: the menu is closed on every page that could not read the bell.
          <div className="flex flex-col items-start gap-2 px-4 py-3 text-sm">
            <span>{t("loadFailed")}</span>
            <button type="button" className="btn btn-xs" onClick={() => void bell.mutate()}>
              {t("retry")}
            </button>
          </div>
        ) : !bell.data ? (
          <div className="flex items-center gap-2 px-4 py-3 text-sm" role="status">
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            {t("loading")}
          </div>
        ) : bell.data.data.length === 0 ? (
          <p className="px-4 py-3 text-sm text-base-content/70">{t("allCaughtUp")}</p>
        ) : (
          <ul className="max-h-96 overflow-y-auto">
            {bell.data.data.map((n) => (
              <li key={n.notificationId}>
                <button
                  type="button"
                  className="flex w-full flex-col items-start gap-0.5 px-4 py-2 text-start hover:bg-base-200 focus-visible:bg-base-200"
                  onClick={() => void open(n)}
                >
                  <span className="font-medium">{n.title}</span>
                  <span className="line-clamp-2 text-sm text-base-content/70">{n.body}</span>
                  <span className="text-xs text-base-content/60">{formatDate(n.createdAt, true)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="border-t border-base-200 px-4 py-2">
          <Link
            href="/pages/notifications"
            className="link text-sm"
            onClick={() => (document.activeElement as HTMLElement | null)?.blur()}
          >
            {t("seeAll")}
          </Link>
        </div>
      </div>
    </div>
  );
}
