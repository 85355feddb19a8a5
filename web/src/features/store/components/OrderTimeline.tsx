import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { ErrorState, Loading } from "../../../components/PageStates";
import { api } from "../../../lib/api";
import { formatDate } from "../../../lib/format";

/** What happened to the order, newest first, from the audit log (search-order-event). */
export function OrderTimeline({ referenceId, version }: { referenceId: string; version: number }) {
  const { t } = useTranslation("store");
  const events = useSWR(["search-order-event", referenceId, version], () =>
    api("search-order-event", { referenceId, limit: 20 }),
  );
  // The audit log's own words for its actions (they name every action AUDIT_ACTIONS lists).
  const actionName = (action: string) => t(`audit:actionName.${action}`, { defaultValue: action });
  return (
    <section className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 className="card-title text-base">{t("order.timeline")}</h2>
        {events.error && !events.data ? (
          <ErrorState onRetry={() => void events.mutate()} />
        ) : !events.data ? (
          <Loading />
        ) : events.data.data.length === 0 ? (
          <p className="text-sm text-base-content/70">{t("order.noEvents")}</p>
        ) : (
          <ol className="border-s border-base-300 ps-4">
            {events.data.data.map((event) => (
              <li key={event.auditId} className="relative pb-4 last:pb-0">
                <span className="absolute -start-[1.3rem] top-1 h-2.5 w-2.5 rounded-full bg-primary" aria-hidden="true" />
                <p className="font-medium">{actionName(event.action)}</p>
                <p className="text-xs break-all text-base-content/70">
                  {formatDate(event.createdAt, true)}
                  {event.actorEmail ? ` · ${event.actorEmail}` : ""}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
