import type { CalendarKind } from "./api";

/** The days a calendar view shows, as search-calendar takes them. */
export interface CalendarRange {
  from: string;
  to: string;
}

/** Each kind's colour of the daisyUI theme (its `--color-<name>` and `--color-<name>-content`). */
export const KIND_COLOR: Record<CalendarKind, "primary" | "success" | "warning" | "info"> = {
  "subscription-ends": "primary",
  renewal: "success",
  "payment-expires": "warning",
  "coupon-expires": "info",
};

/** The sidebar's checkbox of each kind, in the same colour (whole class names, for Tailwind to find). */
export const KIND_CHECKBOX: Record<CalendarKind, string> = {
  "subscription-ends": "checkbox checkbox-sm checkbox-primary",
  renewal: "checkbox checkbox-sm checkbox-success",
  "payment-expires": "checkbox checkbox-sm checkbox-warning",
  "coupon-expires": "checkbox checkbox-sm checkbox-info",
};
