import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { SelectField, TextAreaField } from "../../../components/FormControls";
import { FormError, SubmitButton } from "../../../components/FormField";
import { ErrorState, Loading } from "../../../components/PageStates";
import { useFocusTrap } from "../../../hooks/useFocusTrap";
import { api } from "../../../lib/api";
import { formatDate, formatNumber } from "../../../lib/format";
import { rules, useForm } from "../../../lib/form";

const PAGE = 10;
const RATINGS = [5, 4, 3, 2, 1] as const;

interface Props {
  itemId: number;
  itemName: string;
  onClose: () => void;
}

/** A rating as stars, read out in words. */
function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="whitespace-nowrap text-warning">
      {"★".repeat(Math.round(rating))}
      <span className="text-base-content/30">{"★".repeat(5 - Math.round(rating))}</span>
    </span>
  );
}

/** An item's published reviews and their average; a client who holds or held it writes or edits theirs. */
export function ItemReviewsDialog({ itemId, itemName, onClose }: Props) {
  const { t } = useTranslation("items");
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, true, onClose);
  const [limit, setLimit] = useState(PAGE);
  const reviews = useSWR(["item-reviews", itemId, limit], () => api("search-review", { itemId, limit, page: 1 }));
  const data = reviews.data;

  return (
    <div className="modal modal-open" role="presentation">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-label={t("reviewsOf", { name: itemName })}
        tabIndex={-1}
        className="modal-box flex max-w-2xl flex-col gap-4 outline-none"
      >
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg font-semibold break-words">{t("reviewsOf", { name: itemName })}</h2>
          <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={onClose} aria-label={t("closeReviews")}>
            ✕
          </button>
        </div>
        {reviews.error && !data ? (
          <ErrorState onRetry={() => void reviews.mutate()} />
        ) : !data ? (
          <Loading />
        ) : (
          <>
            <p data-testid="review-average">
              {data.average == null ? (
                t("noReviews")
              ) : (
                <>
                  <Stars rating={data.average} label={t("ratingOf", { rating: formatNumber(data.average) })} />{" "}
                  {t("averageOf", { average: formatNumber(data.average), count: data.count ?? 0 })}
                </>
              )}
            </p>
            {data.canReview && (
              <ReviewForm
                key={data.mine?.updatedAt ?? "new"}
                itemId={itemId}
                mine={data.mine ?? null}
                onSaved={() => void reviews.mutate()}
              />
            )}
            {data.data.length > 0 && (
              <ul className="flex flex-col gap-3" aria-label={t("publishedReviews")}>
                {data.data.map((review) => (
                  <li key={review.reviewId} className="rounded-box border border-base-200 p-3" data-testid="review">
                    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <span className="font-medium break-words">{review.userName}</span>
                      <Stars rating={review.rating} label={t("ratingOf", { rating: formatNumber(review.rating) })} />
                    </div>
                    <p className="mt-1 whitespace-pre-line break-words" dir="auto">
                      {review.text}
                    </p>
                    <p className="mt-1 text-xs text-base-content/70">{formatDate(review.updatedAt)}</p>
                  </li>
                ))}
              </ul>
            )}
            {data.total > data.data.length && (
              <button type="button" className="btn btn-ghost btn-sm self-center" onClick={() => setLimit((n) => n + PAGE)}>
                {t("moreReviews")}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}

interface ReviewValues {
  rating: string;
  text: string;
}

type Mine = { rating: number; text: string; status: "pending" | "published" | "hidden" } | null;

/** Write a review, or edit one's own (it waits for moderation again). */
function ReviewForm({ itemId, mine, onSaved }: { itemId: number; mine: Mine; onSaved: () => void }) {
  const { t } = useTranslation("items");
  const form = useForm<ReviewValues>(
    { rating: mine ? String(mine.rating) : "", text: mine?.text ?? "" },
    { rating: { label: t("yourRating"), check: rules.required }, text: { label: t("yourReview"), check: rules.required } },
    { failure: { prefix: t("reviewFailed"), fallback: t("reviewFailedDefault") } },
  );
  async function send(values: ReviewValues) {
    const answer = await api("add-review", { itemId, rating: Number(values.rating), text: values.text });
    onSaved();
    return answer.message;
  }
  return (
    <form
      className="flex flex-col gap-3 rounded-box bg-base-200 p-3"
      onSubmit={(event) => void form.submit(send)(event)}
      noValidate
      aria-label={mine ? t("editReview") : t("writeReview")}
    >
      <h3 className="font-semibold">{mine ? t("editReview") : t("writeReview")}</h3>
      {mine && <p className="text-sm">{t(`yourReviewIs_${mine.status}`)}</p>}
      <FormError text={form.formError} />
      <SelectField form={form} name="rating">
        <option value="">{t("chooseRating")}</option>
        {RATINGS.map((n) => (
          <option key={n} value={String(n)}>
            {t("ratingOf", { rating: formatNumber(n) })}
          </option>
        ))}
      </SelectField>
      <TextAreaField form={form} name="text" rows={4} maxLength={2000} dir="auto" />
      <div className="flex justify-end">
        <SubmitButton sending={form.sending}>{t("sendReview")}</SubmitButton>
      </div>
    </form>
  );
}
