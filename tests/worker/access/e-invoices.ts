/** Who may call the e-invoices' calls (routes/e-invoices.ts). */
export const access = {
  "invoice-xml": "client+admin",
};
