import { api, type CallInput } from "../../lib/api";
import { apiForm } from "../../lib/upload";

/*
 * The wizards' calls: each is an existing call of the product (decision 0021), made only by a wizard's last step.
 */

export { CART_KEY, checkout, searchCart } from "../../lib/cart";

export const startCardPayment = (referenceId: string) => api("start-card-payment", { referenceId });

/** The caller's billing details, saved on their own row before the payment freezes them. */
export const saveBillingDetails = (
  fields: Pick<
    CallInput<"updateuser">,
    | "userId"
    | "userName"
    | "userEmail"
    | "userPhone"
    | "userAddressLine1"
    | "userAddressLine2"
    | "userCity"
    | "userPostalCode"
    | "userCountry"
  >,
) => apiForm("updateuser", fields);

export const generateCoupons = (body: CallInput<"generate-coupons">) => api("generate-coupons", body);

export const createSite = (fields: Omit<CallInput<"updatesite">, "siteId">) => apiForm("updatesite", { ...fields, siteId: 0 });

export const createVendor = (body: CallInput<"updatevendor">) => api("updatevendor", body);

export const submitTestJob = (siteId: number, file: File) => apiForm("submit-job", { siteId, file });
