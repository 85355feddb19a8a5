import { Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useDocumentDir } from "../../../components/charts/useDocumentDir";
import { PageHeader } from "../../../components/PageHeader";
import { Loading } from "../../../components/PageStates";
import { lazyComponent } from "../../../lib/lazyComponent";
import { useSession } from "../../../providers/session";
import { CALENDAR_KINDS, searchCalendar, type CalendarKind } from "../api";
import { ClientFilter } from "../components/ClientFilter";
import { FeedAddress } from "../components/FeedAddress";
import { KIND_CHECKBOX, type CalendarRange } from "../kinds";

/** FullCalendar and its plugins load with this page only, after its sidebar has painted. */
const EventCalendar = lazyComponent(() => import("../components/EventCalendar"));

/** The template's phone breakpoint (600 px): below it the calendar opens on its list. */
const PHONE_QUERY = "(max-width: 599px)";
const isPhone = () => typeof window.matchMedia === "function" && window.matchMedia(PHONE_QUERY).matches;

type Status = "loading" | "error" | "empty" | "ready";

/**
 * /apps/calendar (issue 42): what ends or expires, one's own or (staff) everyone's, by kind and by client,
 * in month, week and list views; each event opens its page. The sidebar holds the feed's secret address.
 */
export default function CalendarPage() {
  const { t, i18n } = useTranslation("calendar");
  const [, navigate] = useLocation();
  const { ability } = useSession();
  const language = i18n.language === "fr" || i18n.language === "ar" ? i18n.language : "en";
  const direction = useDocumentDir();
  const staff = ability.can("read", "User");
  const kindsShown = CALENDAR_KINDS.filter((kind) => kind !== "coupon-expires" || ability.can("read", "Coupon"));
  const [kinds, setKinds] = useState<readonly CalendarKind[]>(kindsShown);
  const [userId, setUserId] = useState("");
  const [status, setStatus] = useState<Status>("loading");
  const [attempt, setAttempt] = useState(0);
  const [phone] = useState(isPhone);

  const load = useCallback(
    async (range: CalendarRange) => {
      // No kind ticked: nothing to ask (the call reads an empty list as every kind).
      if (kinds.length === 0) {
        setStatus("empty");
        return [];
      }
      setStatus("loading");
      try {
        const { events } = await searchCalendar({ ...range, kinds: [...kinds], ...(userId ? { userId: Number(userId) } : {}) });
        setStatus(events.length > 0 ? "ready" : "empty");
        return events;
      } catch (error) {
        setStatus("error");
        throw error;
      }
    },
    [kinds, userId],
  );

  const toggle = (kind: CalendarKind, on: boolean) =>
    setKinds((current) => kindsShown.filter((k) => (k === kind ? on : current.includes(k))));

  return (
    <div className="grid gap-4">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="card bg-base-100 shadow-sm">
          <div className="card-body gap-6 p-4">
            <fieldset className="grid gap-2">
              <legend className="mb-1 font-semibold">{t("filters")}</legend>
              {kindsShown.map((kind) => (
                <label key={kind} className="flex cursor-pointer items-center gap-2">
                  <input
                    type="checkbox"
                    className={KIND_CHECKBOX[kind]}
                    checked={kinds.includes(kind)}
                    onChange={(e) => toggle(kind, e.target.checked)}
                  />
                  <span>{t(`kind.${kind}`)}</span>
                </label>
              ))}
            </fieldset>
            {staff && <ClientFilter value={userId} onChange={setUserId} />}
            <FeedAddress />
          </div>
        </aside>
        <section className="card bg-base-100 shadow-sm" aria-label={t("title")}>
          <div className="card-body gap-3 p-3 sm:p-4">
            <div aria-live="polite" className="min-h-6 text-sm">
              {status === "loading" && (
                <span className="flex items-center gap-2" role="status">
                  <span className="loading loading-spinner loading-xs text-primary" aria-hidden="true" />
                  {t("loading")}
                </span>
              )}
              {status === "empty" && <span className="text-base-content/70">{t("empty")}</span>}
            </div>
            {status === "error" && (
              <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
                <span>{t("loadFailed")}</span>
                <button type="button" className="btn btn-sm" onClick={() => setAttempt((n) => n + 1)}>
                  {t("common:retry")}
                </button>
              </div>
            )}
            <Suspense fallback={<Loading label={t("loading")} />}>
              <EventCalendar
                key={attempt}
                load={load}
                language={language}
                direction={direction}
                phone={phone}
                onOpen={navigate}
              />
            </Suspense>
          </div>
        </section>
      </div>
    </div>
  );
}
