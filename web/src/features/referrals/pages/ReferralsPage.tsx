import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useListController } from "../../../hooks/useListController";
import { useAppSettings } from "../../../providers/settings";
import { formatCount, formatDate, formatMoney } from "../../../lib/format";
import { SEARCH_REFERRAL, type Referral } from "../api";

const STATUS_CLASS = { registered: "badge-info", rewarded: "badge-success", revoked: "badge-ghost" } as const;

/** Staff: who referred whom, newest first, with the first payment and the reward's state. */
export default function ReferralsPage() {
  const { t } = useTranslation("referrals");
  const { currency } = useAppSettings();
  const list = useListController({ call: SEARCH_REFERRAL, defaults: { limit: 10, search: "" } });
  const person = (userId: number, name: string) => (
    <Link href={`/apps/user/view/${userId}`} className="link link-hover break-words">
      {name}
    </Link>
  );

  const columns: Column<Referral>[] = [
    { key: "createdAt", header: t("signedUp"), render: (r) => formatDate(r.createdAt, true) },
    { key: "referrerName", header: t("referrer"), render: (r) => person(r.referrerId, r.referrerName) },
    { key: "refereeName", header: t("referee"), render: (r) => person(r.refereeId, r.refereeName) },
    {
      key: "firstPaymentAmount",
      header: t("firstPayment"),
      render: (r) => (r.firstPaymentAmount === null ? "—" : formatMoney(r.firstPaymentAmount, currency)),
    },
    { key: "points", header: t("reward"), render: (r) => formatCount("points", r.points) },
    {
      key: "status",
      header: t("status"),
      render: (r) => <span className={`badge badge-soft ${STATUS_CLASS[r.status]}`}>{t(`status_${r.status}`)}</span>,
    },
  ];

  return (
    <ListPage
      title={t("title")}
      subtitle={t("subtitle")}
      list={list}
      search={{ placeholder: t("searchPlaceholder") }}
      caption={t("title")}
      columns={columns}
      rowKey={(r) => r.refereeId}
      emptyText={list.search ? t("noMatch") : t("empty")}
    />
  );
}
