import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { useConfirm } from "../../../components/ConfirmDialog";
import { CopyButton } from "../../../components/CopyButton";
import { ApiError } from "../../../lib/api";
import { useSnackbar } from "../../../lib/snackbar";
import { calendarFeed, FEED_KEY } from "../api";

/** The caller's secret iCalendar address: copy it into a calendar app, or replace it (after a confirmation). */
export function FeedAddress() {
  const { t } = useTranslation("calendar");
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const feed = useSWR(FEED_KEY, () => calendarFeed());
  const [busy, setBusy] = useState(false);

  async function rotate() {
    const sure = await confirm({ title: t("rotateTitle"), text: t("rotateText"), confirmText: t("rotate"), tone: "error" });
    if (!sure) return;
    setBusy(true);
    try {
      await feed.mutate(await calendarFeed(true), { revalidate: false });
      snackbar.success(t("rotated"));
    } catch (error) {
      snackbar.error(t("rotateFailed") + (error instanceof ApiError ? error.message : ""));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="grid gap-2" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title" className="font-semibold">
        {t("feedTitle")}
      </h2>
      <p className="text-sm text-base-content/70">{t("feedText")}</p>
      {feed.error && !feed.data ? (
        <div role="alert" className="alert alert-error alert-soft text-sm">
          {t("feedFailed")}
        </div>
      ) : (
        <div className="flex items-center gap-1">
          <input
            className="input input-sm min-w-0 flex-1 font-mono"
            readOnly
            dir="ltr"
            aria-label={t("feedAddress")}
            value={feed.data?.url ?? ""}
            onFocus={(e) => e.target.select()}
          />
          {feed.data && <CopyButton text={feed.data.url} label={t("copyFeed")} />}
        </div>
      )}
      <button
        type="button"
        className="btn btn-sm btn-error justify-self-start"
        disabled={busy || !feed.data}
        onClick={() => void rotate()}
      >
        {t("rotate")}
      </button>
    </section>
  );
}
