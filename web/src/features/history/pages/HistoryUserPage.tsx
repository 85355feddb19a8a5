import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useSession } from "../../../providers/session";
import { ListPage } from "../../../components/ListPage";
import { useListController } from "../../../hooks/useListController";
import { refreshWhileOpen, SEARCH_HISTORY } from "../api";
import { useHistoryColumns } from "../components/useHistoryColumns";
import { useStatusFilter } from "../components/useStatusFilter";

/** /portal/history-user: the caller's own jobs (the server ignores any userId). */
export default function HistoryUserPage() {
  const { t } = useTranslation("history");
  const { userData } = useSession();
  const list = useListController({
    call: SEARCH_HISTORY,
    defaults: { limit: 10, search: "", status: "" },
    // An admin's scope is every job; asking for their own id keeps this page to their own.
    body: (params) => ({ ...params, userId: userData?.userId }),
    swr: { refreshInterval: refreshWhileOpen },
  });
  const jobs = useHistoryColumns({ admin: false, reload: list.reload });
  const status = useStatusFilter(list.params.status, (value) => list.update({ status: value }));

  return (
    <ListPage
      title={t("titleUser")}
      subtitle={t("subtitleUser")}
      actions={
        <Link href="/portal/site" className="btn btn-primary">
          {t("useSite")}
        </Link>
      }
      list={list}
      search={{ placeholder: t("searchPlaceholder") }}
      filters={[status]}
      caption={t("titleUser")}
      columns={jobs.columns}
      rowKey={(h) => h.historyId}
      emptyText={t("emptyUser")}
    >
      {jobs.dialog}
    </ListPage>
  );
}
