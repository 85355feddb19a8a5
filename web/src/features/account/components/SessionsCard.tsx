import { useTranslation } from "react-i18next";
import type { Column } from "../../../components/DataTable";
import { ListView } from "../../../components/ListPage";
import { useListController } from "../../../hooks/useListController";
import { formatDate } from "../../../lib/format";
import { revokeSession, type SessionRow } from "../api";

/** A short device description from a user-agent string (browser on system). */
export function describeAgent(agent: string | null): string | null {
  if (!agent) return null;
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : null;
  const system = /Windows/.test(agent)
    ? "Windows"
    : /Android/.test(agent)
      ? "Android"
      : /iPhone|iPad/.test(agent)
        ? "iOS"
        : /Mac OS X/.test(agent)
          ? "macOS"
          : /Linux/.test(agent)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? agent.slice(0, 60);
}

/** The caller's active sessions, each revocable except the one in use. */
export function SessionsCard({ reloadKey }: { reloadKey: number }) {
  const { t } = useTranslation("account");
  const list = useListController({
    call: "search-session",
    defaults: { limit: 10 },
    swr: { revision: reloadKey },
    remove: {
      ask: () => ({ title: t("revokeTitle"), text: t("revokeText"), confirmText: t("revoke") }),
      call: (row) => revokeSession({ sessionId: row.sessionId }),
      failedPrefix: "",
      failedDefault: t("common:errorText"),
    },
  });

  const columns: Column<SessionRow>[] = [
    {
      key: "device",
      header: t("device"),
      render: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          {describeAgent(row.userAgent) ?? t("unknownDevice")}
          {row.current && <span className="badge badge-primary badge-sm">{t("thisDevice")}</span>}
        </span>
      ),
    },
    { key: "ip", header: t("ip"), render: (row) => <span className="break-all">{row.ip ?? "—"}</span> },
    { key: "lastSeenAt", header: t("lastSeen"), render: (row) => formatDate(row.lastSeenAt, true) },
    { key: "createdAt", header: t("signedInAt"), render: (row) => formatDate(row.createdAt, true) },
    {
      key: "actions",
      header: t("common:actions"),
      render: (row) =>
        row.current ? null : (
          <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => void list.remove(row)}>
            {t("revoke")}
          </button>
        ),
    },
  ];

  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body gap-2">
        <h2 className="card-title">{t("sessions")}</h2>
        <p className="text-base-content/70">{t("sessionsText")}</p>
        <ListView
          list={list}
          caption={t("sessions")}
          columns={columns}
          rowKey={(row) => row.sessionId}
          emptyText={t("noSessions")}
        />
      </div>
    </div>
  );
}
