import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../app/session";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useSnackbar } from "../../../components/Snackbar";
import { useListController, type NoFilters } from "../../../components/useListController";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { SEARCH_APIKEYS, type ApiKeyRow } from "../api/apiKeys";
import { createApiKey } from "../api/createApiKey";
import { revokeApiKey } from "../api/revokeApiKey";

/** Spec section 9: the "copied" flag shows for 1500 ms. */
const COPIED_MS = 1500;

export default function ApiKeysPage() {
  const { t } = useTranslation("apikeys");
  const { ability } = useSession();
  const snackbar = useSnackbar();
  const list = useListController<ApiKeyRow, NoFilters>({
    call: SEARCH_APIKEYS,
    defaults: { limit: 10 },
    remove: {
      ask: (row) => ({ title: t("revokeTitle", { name: row.keyName }), text: t("revokeText"), confirmText: t("revoke") }),
      call: (row) => revokeApiKey(row.apiKeyId),
      failedPrefix: t("revokeFailed"),
    },
  });
  const [name, setName] = useState("");
  const [sending, setSending] = useState(false);
  const [fresh, setFresh] = useState<{ key: string; name: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const canManage = ability.can("manage", "ApiKey");

  async function create(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      const answer = await createApiKey(name);
      setFresh({ key: answer.key, name: answer.apiKey.keyName });
      setName("");
      snackbar.success(answer.message);
      await list.reload();
    } catch (error) {
      snackbar.error(t("createFailed") + (error instanceof ApiError ? error.message : ""));
    } finally {
      setSending(false);
    }
  }

  async function copy(key: string) {
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      snackbar.error(t("copyFailed"));
    }
  }

  const columns: Column<ApiKeyRow>[] = [
    { key: "keyName", header: t("name") },
    { key: "keyPrefix", header: t("prefix"), render: (k) => <code>{k.keyPrefix}…</code> },
    { key: "createdAt", header: t("created"), render: (k) => formatDate(k.createdAt, true) },
    { key: "lastUsedAt", header: t("lastUsed"), render: (k) => (k.lastUsedAt ? formatDate(k.lastUsedAt, true) : t("never")) },
    {
      key: "status",
      header: t("status"),
      render: (k) =>
        k.revokedAt ? (
          <span className="badge badge-ghost badge-soft">{t("revokedOn", { date: formatDate(k.revokedAt) })}</span>
        ) : (
          <span className="badge badge-success badge-soft">{t("active")}</span>
        ),
    },
    {
      key: "actions",
      header: t("actions"),
      className: "text-end",
      render: (k) =>
        canManage && !k.revokedAt ? (
          <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => void list.remove(k)}>
            {t("revoke")}
          </button>
        ) : null,
    },
  ];

  return (
    <ListPage
      title={t("title")}
      subtitle={t("subtitle")}
      intro={
        <>
          {canManage && (
            <form className="card bg-base-100 shadow-sm" onSubmit={create}>
              <div className="card-body flex-row flex-wrap items-end gap-3">
                <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
                  {t("name")}
                  <input
                    name="keyName"
                    className="input w-full"
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    maxLength={60}
                  />
                </label>
                <button type="submit" className="btn btn-primary" disabled={sending || !name.trim()}>
                  {t("create")}
                </button>
              </div>
            </form>
          )}
          {fresh && (
            <div role="status" className="alert alert-warning flex flex-col items-start gap-2">
              <p className="font-semibold">{t("showOnce", { name: fresh.name })}</p>
              <div className="flex w-full flex-wrap items-center gap-2">
                <code className="flex-1 break-all rounded bg-base-100 p-2" data-testid="new-api-key">
                  {fresh.key}
                </code>
                <button type="button" className="btn btn-sm" onClick={() => void copy(fresh.key)}>
                  {copied ? t("copied") : t("copy")}
                </button>
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => setFresh(null)}>
                  {t("done")}
                </button>
              </div>
            </div>
          )}
        </>
      }
      list={list}
      caption={t("title")}
      columns={columns}
      rowKey={(k) => k.apiKeyId}
      emptyText={t("empty")}
    />
  );
}
