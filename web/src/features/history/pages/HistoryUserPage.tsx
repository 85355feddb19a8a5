import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../app/session";
import { useListParams } from "../../../lib/useList";
import { useHistoryList } from "../api/searchHistory";
import { HistoryTable } from "../components/HistoryTable";
import { StatusFilter } from "../components/StatusFilter";
import { useSearchInput } from "../components/useSearchInput";

/** /portal/history-user: the caller's own jobs (the server ignores any userId). */
export default function HistoryUserPage() {
  const { t } = useTranslation("history");
  const [params, update] = useListParams({ limit: 10, search: "", status: "" });
  const { userData } = useSession();
  // An admin's scope is every job; asking for their own id keeps this page to their own.
  const list = useHistoryList({ ...params, userId: userData?.userId });
  const [search, setSearch] = useSearchInput(params.search, (value) => update({ search: value }));

  return (
    <section className="flex flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">{t("titleUser")}</h1>
          <p className="text-base-content/70">{t("subtitleUser")}</p>
        </div>
        <Link href="/portal/site" className="btn btn-primary">
          {t("useSite")}
        </Link>
      </header>
      <div className="card bg-base-100 shadow-sm">
        <div className="grid gap-3 p-4 sm:grid-cols-2">
          <input
            type="search"
            className="input w-full"
            placeholder={t("searchPlaceholder")}
            aria-label={t("searchPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <StatusFilter value={params.status} onChange={(status) => update({ status })} />
        </div>
        <HistoryTable
          admin={false}
          list={list}
          page={params.page}
          limit={params.limit}
          onPage={(page) => update({ page })}
          onLimit={(limit) => update({ limit })}
          emptyText={t("emptyUser")}
        />
      </div>
    </section>
  );
}
