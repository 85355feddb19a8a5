import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import type { Bank } from "../types";
import { BankCard } from "./BankCard";

export type PayMethod = "card" | "transfer";

/** How the order will be paid: by card (when Stripe is configured) or by bank transfer, with what each means. */
export function MethodChoice({
  bank,
  payByCard,
  method,
  onChange,
}: {
  bank: Bank;
  payByCard: boolean;
  method: PayMethod;
  onChange: (method: PayMethod) => void;
}) {
  const { t } = useTranslation("payment");
  const name = useId();
  const options: { value: PayMethod; label: string }[] = [
    { value: "card", label: t("payByCard") },
    { value: "transfer", label: t("bankTransfer") },
  ];
  return (
    <>
      {payByCard && (
        <fieldset className="grid gap-2">
          <legend className="sr-only">{t("paymentMethod")}</legend>
          {options.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer items-center gap-3 rounded-box border p-3 ${method === option.value ? "border-primary" : "border-base-300"}`}
            >
              <input
                type="radio"
                className="radio radio-primary radio-sm"
                name={name}
                value={option.value}
                checked={method === option.value}
                onChange={() => onChange(option.value)}
              />
              <Icon name={option.value === "card" ? "credit-card" : "building"} />
              <span className="font-medium">{option.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      {payByCard && method === "card" ? (
        <p className="text-sm text-base-content/70">{t("cardCheckoutHelp")}</p>
      ) : (
        <>
          <BankCard bank={bank} />
          <p className="text-sm text-base-content/70">{t("transferHelp")}</p>
        </>
      )}
    </>
  );
}
