import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { CopyButton } from "../../../components/CopyButton";
import { ErrorState, Loading } from "../../../components/PageStates";
import { formatCount, formatNumber } from "../../../lib/format";
import { fetchMyReferral } from "../api";

/** "Invite": the client's referral code and link to share, how many signed up with it and what it earned. */
export function InviteCard() {
  const { t } = useTranslation("profile");
  const referral = useSWR("my-referral", fetchMyReferral);
  const data = referral.data;
  return (
    <section className="card bg-base-100 shadow-sm" aria-label={t("inviteTitle")}>
      <div className="card-body gap-3">
        <h2 className="card-title">{t("inviteTitle")}</h2>
        {referral.error && !data ? (
          <ErrorState onRetry={() => void referral.mutate()} />
        ) : !data ? (
          <Loading />
        ) : (
          <>
            <p className="text-sm text-base-content/70">{t("inviteText")}</p>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm">{t("inviteCode")}</span>
              <code className="rounded bg-base-200 px-2 py-1 font-mono" data-testid="referral-code">
                {data.code}
              </code>
              <CopyButton text={data.code} label={t("copyCode")} />
            </div>
            <div className="flex min-w-0 items-center gap-2">
              <input
                className="input input-sm min-w-0 flex-1"
                readOnly
                value={data.link}
                aria-label={t("inviteLink")}
                dir="ltr"
                data-testid="referral-link"
              />
              <CopyButton text={data.link} label={t("copyLink")} />
            </div>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-base-content/70">{t("inviteSignedUp")}</dt>
                <dd className="font-semibold" data-testid="referral-count">
                  {formatNumber(data.referred)}
                </dd>
              </div>
              <div>
                <dt className="text-base-content/70">{t("inviteEarned")}</dt>
                <dd className="font-semibold" data-testid="referral-earned">
                  {formatCount("points", data.pointsEarned)}
                </dd>
              </div>
            </dl>
            {data.referredBy && <p className="text-xs text-base-content/70">{t("referredBy", { name: data.referredBy })}</p>}
          </>
        )}
      </div>
    </section>
  );
}
