/**
 * Who each API call is for, written down by hand from the spec and API.md. The permission matrix
 * compares it with what the route table declares, so a new call fails until it is listed here, and a
 * declaration that drifts from the intended audience fails too.
 *
 * "public": anyone; "signedIn": any signed-in user (never an agent key); otherwise the built-in
 * principals the declared [action, subject] (and `agent`) lets through, joined by "+".
 */
export type Audience = "public" | "signedIn" | "admin" | "client+admin" | "agent+admin" | "client+agent+admin";

export const ACCESS_TABLE: Record<string, Audience> = {
  // settings, front pages
  "app-settings": "public",
  "public-catalogue": "public",
  // sign-in and account
  login: "public",
  "two-steps": "public",
  register: "public",
  logout: "signedIn",
  me: "signedIn",
  "forgot-password": "public",
  "reset-password": "public",
  "verify-email": "public",
  "resend-verification": "signedIn",
  "change-password": "signedIn",
  "two-factor-setup": "signedIn",
  "two-factor-enable": "signedIn",
  "two-factor-recovery-codes": "signedIn",
  "two-factor-disable": "signedIn",
  "search-session": "signedIn",
  "revoke-session": "signedIn",
  // the caller's own data (issue 25)
  "export-my-data": "signedIn",
  "close-account": "signedIn",
  // users (updateuser: admin any user, others self only — checked by the handler)
  searchuser: "admin",
  updateuser: "signedIn",
  deleteuser: "admin",
  "adjust-quota": "admin",
  "reset-two-factor": "admin",
  // back office
  "search-role": "admin",
  "update-role": "admin",
  "delete-role": "admin",
  "search-audit": "admin",
  "search-outbox": "admin",
  "outbox-preview": "admin",
  "resend-mail": "admin",
  "search-apikey": "admin",
  "create-apikey": "admin",
  "revoke-apikey": "admin",
  // commerce: cart, payments, invoices, quota, subscriptions (ownership checked by the handlers)
  searchcart: "client+admin",
  updatecart: "client+admin",
  checkout: "client+admin",
  "payment-detail": "public",
  "payment-proof": "public",
  "payment-webhook": "public",
  "start-card-payment": "public",
  "stripe-webhook": "public",
  "confirm-payment": "admin",
  "cancel-payment": "admin",
  "download-proof": "admin",
  "search-payment": "client+admin",
  "payment-attention": "admin",
  // notifications (issue 24): the caller's own; unsubscribe by its signed link
  "search-notification": "signedIn",
  "read-notification": "signedIn",
  "update-notification-settings": "signedIn",
  unsubscribe: "public",
  "export-payment": "client+admin",
  "invoice-detail": "client+admin",
  "add-payment": "admin",
  "update-payment": "admin",
  "send-invoice": "admin",
  // refunds, credit notes, invoice PDFs, billing details (issue 26)
  "refund-payment": "admin",
  "credit-note-detail": "client+admin",
  "search-credit-note": "client+admin",
  "invoice-pdf": "client+admin",
  "payer-invoice-pdf": "public",
  "credit-note-pdf": "client+admin",
  "billing-details": "signedIn",
  "update-billing-details": "signedIn",
  "redeem-coupon": "client+admin",
  "search-quota": "client+admin",
  "search-subscription": "signedIn",
  // dashboards (business figures for whoever reads all payments; own figures for everyone else)
  "dashboard-stats": "client+admin",
  // catalogue: bundles, items, sites (clients read active ones only), vendor accounts, coupons
  searchbundle: "client+admin",
  updatebundle: "admin",
  deletebundle: "admin",
  searchitem: "client+admin",
  updateitem: "admin",
  deleteitem: "admin",
  searchsite: "client+admin",
  updatesite: "admin",
  deletesite: "admin",
  searchvendor: "admin",
  updatevendor: "admin",
  deletevendor: "admin",
  "search-coupon": "admin",
  "generate-coupons": "admin",
  deletecoupon: "admin",
  // jobs: use a site, processing (agents finish only their own claims), history, downloads (ownership checked by the handlers)
  "site-use": "client+admin",
  "submit-job": "client+admin",
  "claim-jobs": "agent+admin",
  "update-history": "agent+admin",
  "search-history": "client+admin",
  download: "client+admin",
  "job-file": "agent+admin",
  "search-downloads": "client+admin",
};
