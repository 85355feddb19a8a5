import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api";
import { useSnackbar } from "../../../lib/snackbar";
import { downloadInvoiceXml } from "../api";

const FORMATS = [
  { format: "ubl", label: "UBL" },
  { format: "cii", label: "CII" },
] as const;

/** Downloads of an issued invoice as an EN 16931 e-invoice, in either syntax (docs/decisions/0029-e-invoices.md). */
export function EInvoiceButtons({ referenceId, invoiceNumber }: { referenceId: string; invoiceNumber: number }) {
  const { t } = useTranslation("invoices");
  const snackbar = useSnackbar();

  async function download(format: (typeof FORMATS)[number]["format"]) {
    try {
      await downloadInvoiceXml(referenceId, invoiceNumber, format);
    } catch (error) {
      snackbar.error(t("xmlFailed") + (error instanceof ApiError ? error.message : ""));
    }
  }

  return (
    <div role="group" aria-label={t("eInvoice")} className="flex flex-col gap-2">
      {FORMATS.map(({ format, label }) => (
        <button key={format} type="button" className="btn btn-outline" onClick={() => void download(format)}>
          {t("downloadXml", { format: label })}
        </button>
      ))}
    </div>
  );
}
