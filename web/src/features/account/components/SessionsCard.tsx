import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog";
import { DataTable, type Column } from "../../../components/DataTable";
import { useSnackbar } from "../../../components/Snackbar";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { useList, useListParams } from "../../../lib/useList";
import { revokeSession, type SessionRow } from "../api/account";

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
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const [params, update] = useListParams({ limit: 10 });
  const list = useList("search-session", { page: params.page, limit: params.limit }, reloadKey);

  const revoke = async (row: SessionRow) => {
    const ok = await confirm({ title: t("revokeTitle"), text: t("revokeText"), confirmText: t("revoke") });
    if (!ok) return;
    try {
      snackbar.success((await revokeSession({ sessionId: row.sessionId })).message);
      await list.mutate();
    } catch (error) {
      snackbar.error(error instanceof ApiError ? error.message : t("common:errorText"));
    }
  };

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
    { key: "ip", header: t("ip"), render: (row) => row.ip ?? "—" },
    { key: "lastSeenAt", header: t("lastSeen"), render: (row) => formatDate(row.lastSeenAt, true) },
    { key: "createdAt", header: t("signedInAt"), render: (row) => formatDate(row.createdAt, true) },
    {
      key: "actions",
      header: t("common:actions"),
      render: (row) =>
        row.current ? null : (
          <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => void revoke(row)}>
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
        <DataTable
          columns={columns}
          rows={list.data?.data}
          rowKey={(row) => row.sessionId}
          total={list.data?.total ?? 0}
          page={params.page}
          limit={params.limit}
          onPage={(page) => update({ page })}
          onLimit={(limit) => update({ limit })}
          loading={list.isValidating}
          error={list.error}
          onRetry={() => void list.mutate()}
          emptyText={t("noSessions")}
          caption={t("sessions")}
        />
      </div>
    </div>
  );
}
