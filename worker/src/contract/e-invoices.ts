import * as z from "zod";
import { defineCalls, fileAnswer } from "./call";
import { referenceId } from "./commerce";
import * as f from "./fields";

/** The syntaxes of EN 16931 that invoice-xml writes. */
export const E_INVOICE_FORMATS = ["ubl", "cii"] as const;

export const eInvoiceCalls = defineCalls({
  "invoice-xml": {
    summary:
      "The invoice of a payment the caller may read as an EN 16931 e-invoice (UBL or CII XML), from the invoice as issued; with `creditNoteNumber`, that credit note of the payment instead. Another's is 404; 409 before it is invoiced.",
    access: ["read", "Payment"],
    input: z.object({
      referenceId: referenceId(),
      format: z.enum(E_INVOICE_FORMATS),
      creditNoteNumber: f
        .id()
        .optional()
        .meta({ description: "A credit note of this payment: its XML instead of the invoice's." }),
    }),
    answer: fileAnswer("application/xml"),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "E-invoices": eInvoiceCalls };
