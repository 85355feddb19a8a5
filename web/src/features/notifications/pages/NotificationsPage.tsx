import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSWRConfig } from "swr";
import { Link } from "wouter";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useSnackbar } from "../../../lib/snackbar";
import { useListController } from "../../../hooks/useListController";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { BELL_KEY, readAllNotifications, readNotification, SEARCH_NOTIFICATION, type Notification } from "../api";

/** All of one's notifications, newest first (/pages/notifications): open, mark one or all read, unread only. */
export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const list = useListController({
    call: SEARCH_NOTIFICATION,
    defaults: { limit: 10, show: "" },
    body: ({ page, limit, show }) => ({ page, limit, unreadOnly: show === "unread" }),
  });

  async function run(action: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      const answer = await action();
      snackbar.success(answer.message);
      void mutate(BELL_KEY);
      await list.reload();
    } catch (error) {
      snackbar.error(t("markFailed") + (error instanceof ApiError ? error.message : ""));
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<Notification>[] = [
    {
      key: "notification",
      header: t("colNotification"),
      render: (n) => (
        <div className="min-w-0">
          <div className={n.readAt ? "" : "font-semibold"}>
            {!n.readAt && <span className="badge badge-primary badge-xs me-2 align-middle" aria-label={t("unread")} />}
            {n.title}
          </div>
          <div className="text-sm text-base-content/70">{n.body}</div>
        </div>
      ),
    },
    { key: "createdAt", header: t("colDate"), render: (n) => formatDate(n.createdAt, true) },
    {
      key: "actions",
      header: t("colActions"),
      className: "text-end",
      render: (n) => (
        <div className="flex flex-wrap justify-end gap-1">
          <Link
            href={n.link}
            className="btn btn-ghost btn-xs"
            onClick={() => (n.readAt ? undefined : void readNotification(n.notificationId))}
          >
            {t("open")}
          </Link>
          {!n.readAt && (
            <button
              type="button"
              className="btn btn-xs"
              disabled={busy}
              onClick={() => void run(() => readNotification(n.notificationId))}
            >
              {t("markRead")}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <ListPage
      title={t("title")}
      subtitle={t("subtitle")}
      actions={
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn" disabled={busy} onClick={() => void run(readAllNotifications)}>
            {t("markAllRead")}
          </button>
          <Link href="/pages/account-settings/notifications" className="btn btn-ghost">
            {t("settings")}
          </Link>
        </div>
      }
      list={list}
      filters={[
        {
          label: t("show"),
          anyLabel: t("showAll"),
          ...list.filter("show"),
          options: [{ value: "unread", label: t("showUnread") }],
        },
      ]}
      caption={t("title")}
      columns={columns}
      rowKey={(n) => n.notificationId}
      emptyText={t("empty")}
    />
  );
}
