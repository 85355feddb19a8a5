import { useTranslation } from "react-i18next";
import { CopyButton } from "../../../components/CopyButton";
import type { Bank } from "../types";

/** Where the transfer goes: the bank's logo and account (deployment settings). */
export function BankCard({ bank }: { bank: Bank }) {
  const { t } = useTranslation("payment");
  return (
    <div className="flex items-center gap-4 rounded-box border border-base-300 p-4">
      <img src={bank.logo} alt={t("bankLogo", { name: bank.name })} className="h-12 w-12 shrink-0 object-contain" />
      <dl className="grid min-w-0 gap-1 text-sm">
        <div>
          <dt className="inline text-base-content/70">{t("bankName")}: </dt>
          <dd className="inline font-medium">{bank.name}</dd>
        </div>
        <div>
          <dt className="inline text-base-content/70">{t("accountName")}: </dt>
          <dd className="inline font-medium">{bank.accountName}</dd>
        </div>
        <div>
          <dt className="inline text-base-content/70">{t("accountNumber")}: </dt>
          {/* The copy button inside the dd: a dl's groups may hold only dt and dd (axe definition-list). */}
          <dd className="inline">
            <span className="font-mono font-medium" dir="ltr">
              {bank.accountNumber}
            </span>{" "}
            <CopyButton text={bank.accountNumber} label={t("copyAccountNumber")} />
          </dd>
        </div>
      </dl>
    </div>
  );
}
