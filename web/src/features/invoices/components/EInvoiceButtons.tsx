import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api";
import { useSnackbar } from "../../../lib/snackbar";
import { downloadInvoiceXml } from "../api";

const FORMATS = [
  { format: "ubl", label: "UBL" },
  { format: "cii", label: "CII" },
] as const;

interface EInvoiceButtonsProps {
  referenceId: string;
  /** The saved file's name before "-ubl.xml": "invoice-12", "credit-note-CN-3". */
  fileStem: string;
  /** A credit note of the payment: its XML instead of the invoice's. */
  creditNoteNumber?: number;
  /** Small buttons, for a table row. */
  compact?: boolean;
}

/**
 * Downloads of an issued invoice or credit note as an EN 16931 e-invoice, in either syntax
 * (docs/decisions/0029-e-invoices.md).
 */
export function EInvoiceButtons({ referenceId, fileStem, creditNoteNumber, compact = false }: EInvoiceButtonsProps) {
  const { t } = useTranslation("invoices");
  const snackbar = useSnackbar();

  async function download(format: (typeof FORMATS)[number]["format"]) {
    try {
      await downloadInvoiceXml({ referenceId, format, ...(creditNoteNumber ? { creditNoteNumber } : {}) }, fileStem);
    } catch (error) {
      snackbar.error(t("xmlFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }

  return (
    <div
      role="group"
      aria-label={t("eInvoice")}
      className={compact ? "inline-flex flex-wrap justify-end gap-1" : "flex flex-col gap-2"}
    >
      {FORMATS.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          className={compact ? "btn btn-ghost btn-xs" : "btn btn-outline"}
          onClick={() => void download(format)}
        >
          {t("downloadXml", { format: label })}
        </button>
      ))}
    </div>
  );
}
