import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useParams } from "wouter";
import { useSession } from "../../../app/session";
import { ErrorState, Loading } from "../../../components/PageStates";
import { useSnackbar } from "../../../components/Snackbar";
import { ApiError } from "../../../lib/api";
import { formatNumber } from "../../../lib/format";
import { siteUse, submitJob, type SubmittedJob } from "../api/siteUse";

const ACCEPT =
  ".pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain";
const EXTENSIONS = /\.(pdf|docx|txt)$/i;

const megabytes = (bytes: number) => formatNumber(Math.round(bytes / 1024 / 1024));

/** /portal/site/use/:siteId: send a document to a site, paying its price in points. */
export default function SiteUsePage() {
  const { t } = useTranslation("siteuse");
  const params = useParams<{ siteId: string }>();
  const siteId = Number(params.siteId);
  const { updateUserData } = useSession();
  const snackbar = useSnackbar();
  const info = useSWR(Number.isInteger(siteId) && siteId > 0 ? ["site-use", siteId] : null, () => siteUse(siteId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ text: string; buyPoints: boolean } | null>(null);
  const [sent, setSent] = useState<SubmittedJob | null>(null);
  const inputId = useId();

  if (!info.data && (info.error || !(siteId > 0))) {
    const notFound = info.error instanceof ApiError && info.error.status === 404;
    return <ErrorState text={notFound || !(siteId > 0) ? t("notFound") : undefined} onRetry={() => void info.mutate()} />;
  }
  if (!info.data) return <Loading />;
  const { site, userQuota, maxFileSize } = info.data;
  const enough = userQuota >= site.sitePrice;

  function pick(chosen: File | null) {
    setSent(null);
    setProblem(null);
    if (chosen && !EXTENSIONS.test(chosen.name)) setProblem({ text: t("wrongType"), buyPoints: false });
    else if (chosen && chosen.size > maxFileSize)
      setProblem({ text: t("tooLarge", { size: megabytes(maxFileSize) }), buyPoints: false });
    setFile(chosen);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || problem) return;
    setProgress(0);
    try {
      const answer = await submitJob(site.siteId, file, setProgress);
      setSent(answer);
      setFile(null);
      snackbar.success(answer.message);
      const fresh = await info.mutate();
      if (fresh) updateUserData({ userQuota: fresh.userQuota });
    } catch (error) {
      const api = error instanceof ApiError ? error : null;
      setProblem({
        text: api?.message ?? t("submitFailed"),
        buyPoints: api?.code === "insufficient_points",
      });
    } finally {
      setProgress(null);
    }
  }

  const valid = file !== null && problem === null;
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <nav className="text-sm">
        <Link href="/portal/site" className="link link-hover">
          <span className="icon-directional" aria-hidden="true">
            ‹
          </span>{" "}
          {t("backToSites")}
        </Link>
      </nav>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-start gap-4">
            {site.siteImage && <img src={site.siteImage} alt="" className="size-16 rounded-box object-cover" />}
            <div className="min-w-0 flex-1">
              <h1 className="card-title text-2xl">{site.siteName}</h1>
              <p className="text-base-content/70">{site.siteDesc}</p>
            </div>
          </div>
          <div className="stats stats-vertical bg-base-200 sm:stats-horizontal">
            <div className="stat">
              <div className="stat-title text-base-content/80">{t("price")}</div>
              <div className="stat-value text-primary">{formatNumber(site.sitePrice)}</div>
            </div>
            <div className="stat">
              <div className="stat-title text-base-content/80">{t("balance")}</div>
              <div className="stat-value">{formatNumber(userQuota)}</div>
            </div>
          </div>
          {!site.available && (
            <div role="alert" className="alert alert-warning alert-soft">
              {t("unavailable")}
            </div>
          )}
          {!enough && !problem && (
            <div role="alert" className="alert alert-warning alert-soft flex flex-wrap justify-between">
              <span>{t("notEnough", { price: formatNumber(site.sitePrice), balance: formatNumber(userQuota) })}</span>
              <Link href="/portal/bundle" className="btn btn-sm btn-primary">
                {t("buyPoints")}
              </Link>
            </div>
          )}
          <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
            <div className="flex flex-col gap-1">
              <label htmlFor={inputId} className="font-medium">
                {t("document")}
              </label>
              <input
                id={inputId}
                className="file-input w-full"
                type="file"
                name="file"
                accept={ACCEPT}
                aria-describedby={`${inputId}-hint`}
                onChange={(e) => pick(e.target.files?.[0] ?? null)}
                disabled={progress !== null}
              />
              <span id={`${inputId}-hint`} className="text-sm text-base-content/70">
                {t("hint", { size: megabytes(maxFileSize) })}
              </span>
            </div>
            {progress !== null && (
              <div className="flex items-center gap-3">
                <progress
                  className="progress progress-primary w-full"
                  value={Math.round(progress * 100)}
                  max={100}
                  aria-label={t("uploading")}
                />
                <span className="text-sm tabular-nums">{Math.round(progress * 100)}%</span>
              </div>
            )}
            {problem && (
              <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
                <span>{problem.text}</span>
                {problem.buyPoints && (
                  <Link href="/portal/bundle" className="btn btn-sm btn-primary">
                    {t("buyPoints")}
                  </Link>
                )}
              </div>
            )}
            {sent && (
              <div role="status" className="alert alert-success alert-soft flex flex-wrap justify-between">
                <span>{t("sent", { file: sent.history.fileName })}</span>
                <Link href="/portal/history-user" className="btn btn-sm">
                  {t("seeJobs")}
                </Link>
              </div>
            )}
            <button
              type="submit"
              className="btn btn-primary self-start"
              disabled={!valid || !enough || !site.available || progress !== null}
            >
              {progress !== null && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t("submit", { value: formatNumber(site.sitePrice) })}
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
