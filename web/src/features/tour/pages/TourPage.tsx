import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link } from "wouter";
import { PageHeader } from "../../../components/PageHeader";
import { ErrorState, Loading } from "../../../components/PageStates";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { signedInHome } from "../../../lib/home";
import { useSnackbar } from "../../../lib/snackbar";
import { useSession } from "../../../providers/session";
import { TOUR_STATE_KEY, tourState, updateTour } from "../api";
import type { TourRun } from "../lib/runTour";

/** /extensions/tour: what the first sign-in tour shows, whether it ran, and a replay on this page. */
export default function TourPage() {
  const { t } = useTranslation("tour");
  const { userData } = useSession();
  const snackbar = useSnackbar();
  const state = useSWR(TOUR_STATE_KEY, tourState);
  const [busy, setBusy] = useState(false);
  const running = useRef<TourRun | null>(null);
  const role = userData?.role ?? "";

  useEffect(() => () => running.current?.stop(), []);

  async function replay() {
    const { runTour } = await import("../lib/runTour");
    running.current = await runTour(t, role, () => {
      running.current = null;
      void updateTour(true).then((answer) => state.mutate(answer.tour, { revalidate: false }));
    });
  }

  async function showAgain() {
    setBusy(true);
    try {
      const answer = await updateTour(false);
      await state.mutate(answer.tour, { revalidate: false });
      snackbar.success(answer.message);
    } catch (error) {
      snackbar.error(error instanceof ApiError ? error.message : t("failed"));
    } finally {
      setBusy(false);
    }
  }

  if (state.error && !state.data) return <ErrorState onRetry={() => void state.mutate()} />;
  if (!state.data) return <Loading />;
  const seen = state.data;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <section className="card bg-base-100 shadow-sm" aria-labelledby="tour-steps">
        <div className="card-body gap-3">
          <h2 id="tour-steps" className="card-title">
            {t("stepsTitle")}
          </h2>
          <ol className="list-decimal space-y-1 ps-6">
            <li>{t("steps.menu.title")}</li>
            <li>{t("steps.navbar.title")}</li>
            <li>{t(`steps.card.${role === "admin" || role === "client" ? role : "other"}.title`)}</li>
          </ol>
          <p role="status">{seen.seen ? t("seenOn", { date: formatDate(seen.seenAt, true) }) : t("notSeen")}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" onClick={() => void replay()}>
              {t("replay")}
            </button>
            <button type="button" className="btn" disabled={busy || !seen.seen} onClick={() => void showAgain()}>
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t("showAgain")}
            </button>
            <Link href={signedInHome(role)} className="btn btn-ghost">
              {t("goHome")}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
