import type { FeatureCatalog } from "../catalog-types";
import type { en } from "./en";

export const fr: FeatureCatalog<typeof en> = {
  messages: {
    calendarPeriodInvalid: "La date de fin doit être le jour de début ou après, au plus 92 jours plus tard.",
    ownCalendarOnly: "Vous ne pouvez voir que votre propre calendrier.",
  },
  successes: {
    calendarSubscriptionEnds: "Fin d’abonnement : {title}",
    calendarPaymentExpires: "Paiement expirant : {title}",
    calendarCouponExpires: "Coupon expirant : {title}",
    calendarRenewal: "Renouvellement : {title}",
  },
};
