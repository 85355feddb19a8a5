import type { CallAnswer } from "../../lib/api";

/** Shapes of the commerce calls this feature makes. */
export type CartAnswer = CallAnswer<"searchcart">;
export type CartLine = CartAnswer["carts"][number];
export type Bank = CartAnswer["bank"];
export type PaymentDetail = CallAnswer<"payment-detail">;
export type PaymentStatus = PaymentDetail["status"];
export type PaymentLine = PaymentDetail["lines"][number];
