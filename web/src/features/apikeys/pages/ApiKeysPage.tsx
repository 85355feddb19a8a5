import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import type { Column } from "../../../components/DataTable";
import { useCopy } from "../../../components/CopyButton";
import { SubmitButton, TextField } from "../../../components/FormField";
import { ListPage } from "../../../components/ListPage";
import { useSnackbar } from "../../../lib/snackbar";
import { useListController } from "../../../hooks/useListController";
import { rules, useForm } from "../../../lib/form";
import { formatDate } from "../../../lib/format";
import { SEARCH_APIKEYS, type ApiKeyRow } from "../api";
import { createApiKey } from "../api";
import { revokeApiKey } from "../api";
import { CellText } from "../../../components/CellText";

/** Spec section 9: the "copied" flag shows for 1500 ms. */

/** Names and creates a key; the answer's key is shown once by the page. */
function CreateKeyForm({ onCreated }: { onCreated: (created: { key: string; name: string }) => Promise<unknown> }) {
  const { t } = useTranslation("apikeys");
  const form = useForm<{ keyName: string }>(
    { keyName: "" },
    { keyName: { label: t("name"), check: rules.required } },
    { failure: { prefix: t("createFailed"), fallback: t("createFailedDefault") } },
  );
  const create = form.submit(async ({ keyName }) => {
    const answer = await createApiKey(keyName.trim());
    form.reset();
    await onCreated({ key: answer.key, name: answer.apiKey.keyName });
    return answer.message;
  });
  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={create} noValidate>
      <div className="card-body flex-row flex-wrap items-start gap-3">
        <div className="min-w-48 flex-1">
          <TextField form={form} name="keyName" maxLength={60} autoComplete="off" />
        </div>
        <SubmitButton sending={form.sending} className="btn-primary sm:mt-6">
          {t("create")}
        </SubmitButton>
      </div>
    </form>
  );
}

export default function ApiKeysPage() {
  const { t } = useTranslation("apikeys");
  const { ability } = useSession();
  const snackbar = useSnackbar();
  const list = useListController({
    call: SEARCH_APIKEYS,
    defaults: { limit: 10 },
    remove: {
      ask: (row) => ({ title: t("revokeTitle", { name: row.keyName }), text: t("revokeText"), confirmText: t("revoke") }),
      call: (row) => revokeApiKey(row.apiKeyId),
      failedPrefix: t("revokeFailed"),
    },
  });
  const [fresh, setFresh] = useState<{ key: string; name: string } | null>(null);
  const { copied, copy: copyText } = useCopy();
  const canManage = ability.can("manage", "ApiKey");

  async function copy(key: string) {
    if (!(await copyText(key))) snackbar.error(t("copyFailed"));
  }

  const columns: Column<ApiKeyRow>[] = [
    { key: "keyName", header: t("name"), render: (k) => <CellText text={k.keyName} /> },
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
            <CreateKeyForm
              onCreated={(created) => {
                setFresh(created);
                return list.reload();
              }}
            />
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
