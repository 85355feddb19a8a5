import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CellText } from "../../../components/CellText";
import type { Column } from "../../../components/DataTable";
import { ListPage } from "../../../components/ListPage";
import { useListController } from "../../../hooks/useListController";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { useSnackbar } from "../../../lib/snackbar";
import { moderateReview, SEARCH_REVIEW, type Review } from "../api";
import { Stars } from "../components/Stars";

const STATUSES = ["pending", "published", "hidden"] as const;
const STATUS_CLASS = { pending: "badge-warning", published: "badge-success", hidden: "badge-ghost" } as const;

/** Staff: every review, newest first, by status; publish or hide each. */
export default function ManageReviewPage() {
  const { t } = useTranslation("reviews");
  const snackbar = useSnackbar();
  const list = useListController({ call: SEARCH_REVIEW, defaults: { limit: 10, status: "" } });
  const [busy, setBusy] = useState<number | null>(null);

  async function moderate(review: Review, status: "published" | "hidden") {
    setBusy(review.reviewId);
    try {
      snackbar.success((await moderateReview(review.reviewId, status)).message);
      await list.reload();
    } catch (error) {
      snackbar.error(error instanceof ApiError ? error.message : t("moderateFailed"));
    } finally {
      setBusy(null);
    }
  }

  const columns: Column<Review>[] = [
    { key: "createdAt", header: t("written"), render: (r) => formatDate(r.updatedAt, true) },
    { key: "itemName", header: t("item"), render: (r) => <CellText text={r.itemName} /> },
    { key: "userName", header: t("client"), render: (r) => <CellText text={r.userName} /> },
    {
      key: "rating",
      header: t("rating"),
      render: (r) => <Stars rating={r.rating} label={t("ratingOf", { rating: r.rating })} />,
    },
    {
      key: "text",
      header: t("text"),
      render: (r) => (
        <p className="max-w-md whitespace-pre-line break-words" dir="auto">
          {r.text}
        </p>
      ),
    },
    {
      key: "status",
      header: t("status"),
      render: (r) => <span className={`badge badge-soft ${STATUS_CLASS[r.status]}`}>{t(`status_${r.status}`)}</span>,
    },
    {
      key: "actions",
      header: t("actions"),
      render: (r) => (
        <div className="flex flex-wrap gap-1">
          {r.status !== "published" && (
            <button
              type="button"
              className="btn btn-success btn-xs"
              disabled={busy === r.reviewId}
              aria-label={t("publishOf", { name: r.userName })}
              onClick={() => void moderate(r, "published")}
            >
              {t("publish")}
            </button>
          )}
          {r.status !== "hidden" && (
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              disabled={busy === r.reviewId}
              aria-label={t("hideOf", { name: r.userName })}
              onClick={() => void moderate(r, "hidden")}
            >
              {t("hide")}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <ListPage
      title={t("title")}
      subtitle={t("subtitle")}
      list={list}
      filters={[
        {
          label: t("status"),
          anyLabel: t("anyStatus"),
          ...list.filter("status"),
          options: STATUSES.map((status) => ({ value: status, label: t(`status_${status}`) })),
        },
      ]}
      caption={t("title")}
      columns={columns}
      rowKey={(r) => r.reviewId}
      emptyText={t("empty")}
    />
  );
}
