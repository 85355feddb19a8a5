import { lazy, Suspense, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link } from "wouter";
import { useConfirm } from "../../../components/ConfirmDialog";
import { Icon } from "../../../components/Icon";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { ApiError } from "../../../lib/api";
import { useSnackbar } from "../../../lib/snackbar";
import {
  CANNED_LANGUAGES,
  deleteCannedReply,
  saveCannedReply,
  searchCannedReplies,
  type CannedReply,
  type CannedReplyLanguage,
} from "../api";
import { MessageBody } from "../components/MessageBody";

const RichTextEditor = lazy(() => import("../../../components/RichTextEditor"));

interface Draft {
  cannedReplyId?: number;
  name: string;
  language: CannedReplyLanguage;
  body: string;
}

/** The desk's canned replies (/apps/email/canned-replies, staff only): add, change and delete them. */
export default function CannedRepliesPage() {
  const { t, i18n } = useTranslation("support");
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const { data, error, mutate } = useSWR("search-canned-reply", searchCannedReplies);
  const uiLanguage = CANNED_LANGUAGES.find((l) => l === i18n.language) ?? "en";
  const blank = (): Draft => ({ name: "", language: uiLanguage, body: "" });
  const [draft, setDraft] = useState<Draft>(blank);
  // The editor starts again from the draft's text when another reply is opened for editing.
  const [editorKey, setEditorKey] = useState(0);
  const [busy, setBusy] = useState(false);

  const edit = (next: Draft) => {
    setDraft(next);
    setEditorKey((k) => k + 1);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await saveCannedReply(draft);
      snackbar.success(answer.message);
      edit(blank());
      await mutate();
    } catch (failure) {
      snackbar.error(failure instanceof ApiError ? failure.message : t("saveFailed"));
    } finally {
      setBusy(false);
    }
  }

  async function remove(reply: CannedReply) {
    const sure = await confirm({
      title: t("canned.deleteTitle"),
      text: t("canned.deleteText", { name: reply.name }),
      confirmText: t("canned.delete"),
      tone: "error",
    });
    if (!sure) return;
    try {
      snackbar.success((await deleteCannedReply(reply.cannedReplyId)).message);
      if (draft.cannedReplyId === reply.cannedReplyId) edit(blank());
      await mutate();
    } catch (failure) {
      snackbar.error(failure instanceof ApiError ? failure.message : t("saveFailed"));
    }
  }

  const replies = data?.cannedReplies;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link href="/apps/email" className="btn btn-ghost btn-sm btn-square" aria-label={t("canned.backToDesk")}>
          <Icon name="chevron-left" size={18} className="icon-directional" aria-hidden="true" />
        </Link>
        <h1 className="text-2xl font-semibold">{t("canned.title")}</h1>
      </div>
      <p className="text-base-content/80">{t("canned.intro")}</p>
      <form className="card bg-base-100 shadow" onSubmit={(e) => void save(e)} aria-labelledby="canned-form-title">
        <div className="card-body gap-3 p-4">
          <h2 id="canned-form-title" className="card-title text-lg">
            {draft.cannedReplyId ? t("canned.editTitle") : t("canned.addTitle")}
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row">
            <label className="form-control flex-1">
              <span className="label-text mb-1">{t("canned.name")}</span>
              <input
                className="input input-bordered w-full"
                value={draft.name}
                maxLength={100}
                required
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </label>
            <label className="form-control sm:w-48">
              <span className="label-text mb-1">{t("canned.language")}</span>
              <select
                className="select select-bordered w-full"
                value={draft.language}
                onChange={(e) => setDraft({ ...draft, language: e.target.value as CannedReplyLanguage })}
              >
                {CANNED_LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {t(`canned.languages.${l}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <Suspense fallback={<div className="skeleton h-32 w-full" />}>
            <RichTextEditor
              key={editorKey}
              value={draft.body}
              onChange={(body) => setDraft((d) => ({ ...d, body }))}
              label={t("canned.text")}
            />
          </Suspense>
          <div className="flex flex-wrap justify-end gap-2">
            {draft.cannedReplyId !== undefined && (
              <button type="button" className="btn btn-ghost" onClick={() => edit(blank())}>
                {t("cancel")}
              </button>
            )}
            <button type="submit" className="btn btn-primary" disabled={busy || draft.name.trim() === "" || draft.body === ""}>
              {t("canned.save")}
            </button>
          </div>
        </div>
      </form>
      {error ? (
        <ErrorState text={t("canned.loadFailed")} onRetry={() => void mutate()} />
      ) : !replies ? (
        <Loading label={t("canned.loading")} />
      ) : replies.length === 0 ? (
        <Empty text={t("canned.empty")} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("canned.title")}>
          {replies.map((reply) => (
            <li key={reply.cannedReplyId} className="card bg-base-100 shadow" data-testid="canned-reply">
              <div className="card-body gap-2 p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="min-w-0 flex-1 break-words font-semibold">
                    <bdi>{reply.name}</bdi>
                  </h3>
                  <span className="badge badge-outline">{t(`canned.languages.${reply.language}`)}</span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => edit({ ...reply })}
                    aria-label={t("canned.editNamed", { name: reply.name })}
                  >
                    {t("canned.edit")}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-error"
                    onClick={() => void remove(reply)}
                    aria-label={t("canned.deleteNamed", { name: reply.name })}
                  >
                    {t("canned.delete")}
                  </button>
                </div>
                <MessageBody html={reply.body} title={t("canned.textOf", { name: reply.name })} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
