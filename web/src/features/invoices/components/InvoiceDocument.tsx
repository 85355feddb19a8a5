import { useTranslation } from "react-i18next";
import { formatDate, formatLineName, formatMoney, formatNumber } from "../../../lib/format";
import type { Payment, Seller } from "../types";
import { StatusBadge } from "./StatusBadge";

/** The invoice itself, as it prints: seller, buyer, lines, total, payment details. */
export function InvoiceDocument({ payment: p, seller }: { payment: Payment; seller: Seller }) {
  const { t } = useTranslation("invoices");
  const { tax, buyer } = p;
  const taxName = tax ? t("taxLine", { name: tax.name, rate: formatNumber(tax.rate) }) : "";
  const party = seller.party;
  return (
    <article id="invoice-print" className="card bg-base-100 shadow-sm print:shadow-none" aria-label={t("invoice")}>
      <div className="card-body gap-6 max-sm:px-4">
        <header className="flex flex-wrap justify-between gap-4">
          <div>
            <p className="text-2xl font-bold text-primary">{seller.siteName}</p>
            <p className="text-sm text-base-content/70">{party.legalName || seller.bank.accountName}</p>
            {[...party.address, party.country].filter(Boolean).map((line, i) => (
              <p key={i} className="text-sm text-base-content/70" dir="auto">
                {line}
              </p>
            ))}
            {party.taxId && (
              <p className="text-sm text-base-content/70">
                {t("taxId")}: <span dir="ltr">{party.taxId}</span>
              </p>
            )}
          </div>
          <div className="text-end">
            <h1 className="text-xl font-semibold" data-testid="invoice-title">
              {p.invoiceNumber !== null ? t("invoiceNumber", { number: p.invoiceNumber }) : t("proforma")}
            </h1>
            <p className="text-sm">
              {t("issued")}: {formatDate(p.createdAt)}
            </p>
            {p.paidAt && (
              <p className="text-sm">
                {t("paidAt")}: {formatDate(p.paidAt)}
              </p>
            )}
            <div className="mt-1 print:hidden">
              <StatusBadge status={p.status} />
            </div>
          </div>
        </header>
        <section className="grid gap-4 sm:grid-cols-2">
          <div>
            <h2 className="text-sm font-semibold text-base-content/70">{t("billedTo")}</h2>
            <p className="font-medium">{buyer?.company || p.userName}</p>
            {buyer?.company && <p className="text-sm">{buyer.name}</p>}
            {buyer &&
              [...buyer.address, buyer.country].filter(Boolean).map((line, i) => (
                <p key={i} className="text-sm" dir="auto">
                  {line}
                </p>
              ))}
            {buyer?.vatNumber && (
              <p className="text-sm">
                {t("vatNumber")}: <span dir="ltr">{buyer.vatNumber}</span>
              </p>
            )}
            <p className="text-sm" dir="ltr">
              {p.userEmail}
            </p>
          </div>
          <div className="sm:text-end">
            <h2 className="text-sm font-semibold text-base-content/70">{t("paymentDetails")}</h2>
            <p className="text-sm">
              {t("reference")}:{" "}
              <code className="break-all" dir="ltr">
                {p.referenceId}
              </code>
            </p>
            <p className="text-sm">
              {t("method")}: {t(`methods.${p.method}`)}
            </p>
            {p.method === "card" && p.card ? (
              <p className="text-sm">
                {t("stripePayment")}:{" "}
                <code className="break-all" dir="ltr">
                  {p.card.paymentIntentId ?? p.card.sessionId}
                </code>
              </p>
            ) : (
              <p className="text-sm">
                {seller.bank.name} · <span dir="ltr">{seller.bank.accountNumber}</span>
              </p>
            )}
          </div>
        </section>
        <table className="table max-sm:table-sm">
          <caption className="sr-only">{t("lines")}</caption>
          <thead className="text-base-content/80">
            <tr>
              <th>{t("colItem")}</th>
              <th className="text-end">{t("colUnit")}</th>
              <th className="text-end">{t("colQty")}</th>
              {tax && <th className="text-end">{t("net")}</th>}
              {tax && <th className="text-end">{taxName}</th>}
              <th className="text-end">{t("colLineTotal")}</th>
            </tr>
          </thead>
          <tbody>
            {p.lines.map((line, i) => (
              <tr key={`${line.kind}-${line.refId}-${i}`}>
                <td>
                  {formatLineName(line)}
                  <div className="text-xs text-base-content/70">{t(`kinds.${line.kind}`)}</div>
                  {line.proration && (
                    <div className="text-xs text-base-content/70">
                      {t("proration", {
                        count: line.proration.daysLeft,
                        from: line.proration.fromItemName,
                        price: formatMoney(line.proration.fullPrice, p.currency),
                        credit: formatMoney(line.proration.credit, p.currency),
                      })}
                      {line.proration.points > 0 && ` ${t("prorationPoints", { points: formatNumber(line.proration.points) })}`}
                    </div>
                  )}
                </td>
                <td className="text-end">{formatMoney(line.unitPrice, p.currency)}</td>
                <td className="text-end">{formatNumber(line.qty)}</td>
                {tax && <td className="text-end">{formatMoney(line.net ?? line.lineTotal, p.currency)}</td>}
                {tax && <td className="text-end">{formatMoney(line.tax ?? 0, p.currency)}</td>}
                <td className="text-end">{formatMoney(line.lineTotal, p.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="text-base-content/80">
            {tax && p.netAmount !== null && p.taxAmount !== null && (
              <>
                <tr>
                  <th colSpan={5} className="text-end font-normal">
                    {t("net")}
                  </th>
                  <td className="text-end">{formatMoney(p.netAmount, p.currency)}</td>
                </tr>
                <tr>
                  <th colSpan={5} className="text-end font-normal">
                    {taxName}
                  </th>
                  <td className="text-end">{formatMoney(p.taxAmount, p.currency)}</td>
                </tr>
              </>
            )}
            <tr>
              <th colSpan={tax ? 5 : 3} className="text-end">
                {t("total")}
              </th>
              <th className="text-end text-lg" data-testid="invoice-total">
                {formatMoney(p.amount, p.currency)}
              </th>
            </tr>
            {p.refundedAmount > 0 && (
              <tr>
                <th colSpan={tax ? 5 : 3} className="text-end font-normal">
                  {t("refundedSoFar")}
                </th>
                <td className="text-end" data-testid="invoice-refunded">
                  {formatMoney(-p.refundedAmount, p.currency)}
                </td>
              </tr>
            )}
          </tfoot>
        </table>
        {tax && (
          <p className="text-sm" data-testid="invoice-tax-note">
            {tax.reverseCharge ? t("reverseCharge") : tax.inclusive ? t("pricesInclude", { tax: taxName }) : null}
          </p>
        )}
        {p.note && (
          <section>
            <h2 className="text-sm font-semibold text-base-content/70">{t("note")}</h2>
            <p className="whitespace-pre-line">{p.note}</p>
          </section>
        )}
        <footer className="text-center text-sm text-base-content/70">{t("thanks")}</footer>
      </div>
    </article>
  );
}

/**
 * Print rules: only the invoice prints, on white, without the app's menus and buttons, so the
 * browser's "Save as PDF" gives a clean document.
 */
export const PRINT_CSS = `
@media print {
  @page { margin: 14mm; }
  body * { visibility: hidden; }
  #invoice-print, #invoice-print * { visibility: visible; }
  #invoice-print { position: absolute; inset-inline-start: 0; top: 0; width: 100%; background: #fff; color: #000; box-shadow: none; }
}
`;
