import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useParams } from "wouter";
import { useSession } from "../../../providers/session";
import { FileField } from "../../../components/FormControls";
import { SubmitButton } from "../../../components/FormField";
import { ErrorState, Loading } from "../../../components/PageStates";
import { Thumbnail } from "../../../components/Thumbnail";
import { UploadProgress, useUpload } from "../../../components/UploadProgress";
import { ApiError } from "../../../lib/api";
import { useForm } from "../../../lib/form";
import { formatCount, formatNumber } from "../../../lib/format";
import { siteUse, submitJob, type SiteUse, type SubmittedJob } from "../api";

const ACCEPT =
  ".pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain";
const EXTENSIONS = /\.(pdf|docx|txt)$/i;

const megabytes = (bytes: number) => formatNumber(Math.round(bytes / 1024 / 1024));

type Values = { file: File | null };

/** The document form: the file is checked as it is picked (type, size), then sent with upload progress. */
function SendForm({ info, onSent }: { info: SiteUse; onSent: () => Promise<unknown> }) {
  const { t } = useTranslation("siteuse");
  const { site, userQuota, maxFileSize } = info;
  const upload = useUpload();
  const [lacking, setLacking] = useState(false);
  const [sent, setSent] = useState<SubmittedJob | null>(null);
  const form = useForm<Values>(
    { file: null },
    {
      file: {
        label: t("document"),
        check: (file) =>
          !file
            ? "validation.required"
            : !EXTENSIONS.test(file.name)
              ? "siteuse:wrongType"
              : file.size > maxFileSize
                ? { key: "siteuse:tooLarge", values: { size: megabytes(maxFileSize) } }
                : undefined,
      },
    },
  );
  const enough = userQuota >= site.sitePrice;

  async function send({ file }: Values) {
    setSent(null);
    setLacking(false);
    try {
      const answer = await upload.run((onProgress) => submitJob(site.siteId, file!, onProgress));
      setSent(answer);
      form.reset();
      await onSent();
      return answer.message;
    } catch (error) {
      setLacking(error instanceof ApiError && error.code === "insufficient_points");
      throw error;
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={form.submit(send)} noValidate>
      <FileField
        form={form}
        name="file"
        accept={ACCEPT}
        disabled={form.sending}
        hint={t("hint", { size: megabytes(maxFileSize) })}
      />
      <UploadProgress progress={upload.progress} label={t("uploading")} />
      {form.formError && (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
          <span>{form.formError}</span>
          {lacking && (
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
      <div>
        <SubmitButton sending={form.sending} disabled={!form.values.file || !form.passes("file") || !enough}>
          {t("submit", { value: formatCount("points", site.sitePrice) })}
        </SubmitButton>
      </div>
    </form>
  );
}

/** /portal/site/use/:siteId: send a document to a site, paying its price in points. */
export default function SiteUsePage() {
  const { t } = useTranslation("siteuse");
  const params = useParams<{ siteId: string }>();
  const siteId = Number(params.siteId);
  const { updateUserData } = useSession();
  const info = useSWR(Number.isInteger(siteId) && siteId > 0 ? ["site-use", siteId] : null, () => siteUse(siteId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  if (!info.data && (info.error || !(siteId > 0))) {
    const notFound = info.error instanceof ApiError && info.error.status === 404;
    return <ErrorState text={notFound || !(siteId > 0) ? t("notFound") : undefined} onRetry={() => void info.mutate()} />;
  }
  if (!info.data) return <Loading />;
  const { site, userQuota } = info.data;
  const enough = userQuota >= site.sitePrice;

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
            <Thumbnail src={site.siteImage} name={site.siteName} className="size-16 rounded-box" textClass="text-xl" />
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
          {!site.available ? (
            // Closed (no active vendor account): said at once, and no file to choose for nothing.
            <div role="alert" className="alert alert-warning alert-soft" data-testid="site-closed">
              {t("unavailable")}
            </div>
          ) : (
            <>
              {!enough && (
                <div role="alert" className="alert alert-warning alert-soft flex flex-wrap justify-between">
                  <span>
                    {t("notEnough", { price: formatCount("points", site.sitePrice), balance: formatCount("points", userQuota) })}
                  </span>
                  <Link href="/portal/bundle" className="btn btn-sm btn-primary">
                    {t("buyPoints")}
                  </Link>
                </div>
              )}
              <SendForm
                info={info.data}
                onSent={async () => {
                  const fresh = await info.mutate();
                  if (fresh) updateUserData({ userQuota: fresh.userQuota });
                }}
              />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
