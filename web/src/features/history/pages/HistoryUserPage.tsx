import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../app/session";
import { ListToolbar } from "../../../components/ListToolbar";
import { PageHeader } from "../../../components/PageHeader";
import { useListParams } from "../../../lib/useList";
import { useHistoryList } from "../api/searchHistory";
import { HistoryTable } from "../components/HistoryTable";
import { useStatusFilter } from "../components/useStatusFilter";

/** /portal/history-user: the caller's own jobs (the server ignores any userId). */
export default function HistoryUserPage() {
  const { t } = useTranslation("history");
  const [params, update] = useListParams({ limit: 10, search: "", status: "" });
  const { userData } = useSession();
  // An admin's scope is every job; asking for their own id keeps this page to their own.
  const list = useHistoryList({ ...params, userId: userData?.userId });
  const status = useStatusFilter(params.status, (value) => update({ status: value }));

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t("titleUser")} subtitle={t("subtitleUser")}>
        <Link href="/portal/site" className="btn btn-primary">
          {t("useSite")}
        </Link>
      </PageHeader>
      <div className="card bg-base-100 shadow-sm">
        <ListToolbar
          search={{ value: params.search, onSearch: (search) => update({ search }), placeholder: t("searchPlaceholder") }}
          filters={[status]}
        />
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
