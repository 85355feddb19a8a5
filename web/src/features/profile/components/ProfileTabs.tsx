import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link } from "wouter";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { formatDate } from "../../../lib/format";
import { roleLabel } from "../../../lib/roles";
import { useSession } from "../../../providers/session";
import { fetchMyJobs, fetchMySessions } from "../api";

/*
 * The template's profile tabs mapped onto this product (issue 43): teams are the role one belongs to,
 * projects one's jobs, connections one's signed-in devices.
 */

function TabCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card bg-base-100 shadow-sm lg:col-span-3" aria-label={title}>
      <div className="card-body gap-3">
        <h2 className="card-title">{title}</h2>
        {children}
      </div>
    </section>
  );
}

/** Teams: the role the user has, and where to see what it allows. */
export function TeamsTab() {
  const { t } = useTranslation("profile");
  const { userData, ability } = useSession();
  return (
    <TabCard title={t("teamsTitle")}>
      <p>{t("teamsText", { role: roleLabel(userData?.role ?? "") })}</p>
      <div className="flex flex-wrap gap-2">
        <Link href="/access-control" className="btn btn-sm">
          {t("teamsAccess")}
        </Link>
        {ability.can("read", "Role") && (
          <Link href="/apps/roles" className="btn btn-ghost btn-sm">
            {t("teamsRoles")}
          </Link>
        )}
      </div>
    </TabCard>
  );
}

/** Projects: the user's latest jobs (their own, whatever their role). */
export function ProjectsTab() {
  const { t } = useTranslation("profile");
  const { userData } = useSession();
  const jobs = useSWR(userData ? ["profile-jobs", userData.userId] : null, () => fetchMyJobs(userData!.userId));
  return (
    <TabCard title={t("projectsTitle")}>
      {jobs.error && !jobs.data ? (
        <ErrorState onRetry={() => void jobs.mutate()} />
      ) : !jobs.data ? (
        <Loading />
      ) : jobs.data.data.length === 0 ? (
        <Empty text={t("projectsEmpty")} />
      ) : (
        <ul className="divide-y divide-base-200">
          {jobs.data.data.map((job) => (
            <li key={job.fileData.uniqueId} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                <span className="font-medium">{job.siteName}</span> · {job.fileName}
              </span>
              <span className="text-sm text-base-content/70">
                {t(`jobStatus_${job.fileData.status}`)} · {formatDate(job.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link href="/portal/history-user" className="link link-primary self-start text-sm">
        {t("projectsAll")}
      </Link>
    </TabCard>
  );
}

/** Connections: the devices signed in to the account. */
export function ConnectionsTab() {
  const { t } = useTranslation("profile");
  const sessions = useSWR("profile-sessions", fetchMySessions);
  return (
    <TabCard title={t("connectionsTitle")}>
      {sessions.error && !sessions.data ? (
        <ErrorState onRetry={() => void sessions.mutate()} />
      ) : !sessions.data ? (
        <Loading />
      ) : (
        <ul className="divide-y divide-base-200">
          {sessions.data.data.map((session) => (
            <li key={session.sessionId} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="min-w-0 break-words" dir="auto">
                {session.userAgent || t("unknownDevice")}
                {session.current && <span className="badge badge-primary badge-sm ms-2">{t("thisDevice")}</span>}
              </span>
              <span className="text-sm text-base-content/70">
                {t("lastSeen", { date: formatDate(session.lastSeenAt, true) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link href="/pages/account-settings/security" className="link link-primary self-start text-sm">
        {t("connectionsManage")}
      </Link>
    </TabCard>
  );
}

/** A tab the page does not have: said as not found, with the tabs it has. */
export function UnknownTab({ tabs }: { tabs: readonly string[] }) {
  const { t } = useTranslation("profile");
  return (
    <TabCard title={t("tabNotFound")}>
      <p>{t("tabNotFoundText")}</p>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((name) => (
          <li key={name}>
            <Link href={`/pages/user-profile/${name}`} className="btn btn-sm">
              {t(`tab_${name}`)}
            </Link>
          </li>
        ))}
      </ul>
    </TabCard>
  );
}
