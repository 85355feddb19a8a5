import { useTranslation } from "react-i18next";
import type { PaymentStatus } from "../types";

const TONE: Record<PaymentStatus, string> = {
  pending: "badge-warning",
  awaiting_confirmation: "badge-info",
  paid: "badge-success",
  cancelled: "badge-ghost",
  expired: "badge-error",
  refunded: "badge-neutral",
  partially_refunded: "badge-accent",
};

export function StatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation("invoices");
  return <span className={`badge ${TONE[status]}`}>{t(`status.${status}`)}</span>;
}
