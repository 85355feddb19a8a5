import { useTranslation } from "react-i18next";
import type { Order } from "../api";

const STATUS_TONE: Record<Order["status"], string> = {
  pending: "badge-warning",
  awaiting_confirmation: "badge-info",
  paid: "badge-success",
  cancelled: "badge-ghost",
  expired: "badge-ghost",
  refunded: "badge-error",
  partially_refunded: "badge-secondary",
};

/** A payment's status as a coloured badge, in the reader's language. */
export function OrderStatusBadge({ status }: { status: Order["status"] }) {
  const { t } = useTranslation("store");
  return <span className={`badge badge-soft whitespace-nowrap ${STATUS_TONE[status]}`}>{t(`status.${status}`)}</span>;
}

/** An item or a bundle, as a small badge. */
export function KindBadge({ kind }: { kind: "item" | "bundle" }) {
  const { t } = useTranslation("store");
  return <span className={`badge badge-soft ${kind === "item" ? "badge-primary" : "badge-accent"}`}>{t(`kind.${kind}`)}</span>;
}
