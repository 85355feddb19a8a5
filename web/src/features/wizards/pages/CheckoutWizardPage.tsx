import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { Link, useLocation } from "wouter";
import { TextField } from "../../../components/FormField";
import { Empty, ErrorState, Loading } from "../../../components/PageStates";
import { ApiError } from "../../../lib/api";
import { formatLineName, formatMoney, formatNumber } from "../../../lib/format";
import { rules, useForm } from "../../../lib/form";
import { useSession } from "../../../providers/session";
import { CART_KEY, checkout, saveBillingDetails, searchCart, startCardPayment } from "../api";
import { Wizard, type WizardStep } from "../components/Wizard";

interface CheckoutValues {
  userName: string;
  userEmail: string;
  userPhone: string;
  userAddressLine1: string;
  userAddressLine2: string;
  userCity: string;
  userPostalCode: string;
  userCountry: string;
  method: "" | "card" | "transfer";
}

/**
 * The checkout as a wizard (issue 43): cart → billing details → payment method → review. Finish saves the
 * billing details on the caller's own row, then makes the payment from the cart (which freezes them) and opens
 * its page, or the card form. A failure of the second leaves the first saved: Finish again only repeats it.
 */
export default function CheckoutWizardPage() {
  const { t } = useTranslation("wizards");
  const [, navigate] = useLocation();
  const { userData } = useSession();
  const cart = useSWR(CART_KEY, searchCart);
  const required = rules.required;
  const form = useForm<CheckoutValues>(
    {
      userName: userData?.userName ?? "",
      userEmail: userData?.userEmail ?? "",
      userPhone: userData?.userPhone ?? "",
      userAddressLine1: userData?.userAddressLine1 ?? "",
      userAddressLine2: userData?.userAddressLine2 ?? "",
      userCity: userData?.userCity ?? "",
      userPostalCode: userData?.userPostalCode ?? "",
      userCountry: userData?.userCountry ?? "",
      method: "",
    },
    {
      userName: { label: t("checkout.userName"), check: required },
      userEmail: { label: t("checkout.userEmail"), check: rules.email },
      userPhone: { label: t("checkout.userPhone") },
      userAddressLine1: { label: t("checkout.userAddressLine1"), check: required },
      userAddressLine2: { label: t("checkout.userAddressLine2") },
      userCity: { label: t("checkout.userCity"), check: required },
      userPostalCode: { label: t("checkout.userPostalCode") },
      userCountry: { label: t("checkout.userCountry"), check: required },
      method: { label: t("checkout.method"), check: required },
    },
  );

  if (cart.error && !cart.data) return <ErrorState onRetry={() => void cart.mutate()} />;
  if (!cart.data || !userData) return <Loading />;
  const { carts, amounts, payByCard } = cart.data;
  const unavailable = carts.some((line) => !line.available);
  const methods = payByCard ? (["card", "transfer"] as const) : (["transfer"] as const);
  const v = form.values;

  async function finish(values: CheckoutValues) {
    const { method, ...billing } = values;
    await saveBillingDetails({ userId: userData!.userId, ...billing });
    let referenceId: string;
    try {
      referenceId = (await checkout()).referenceId;
    } catch (error) {
      throw new ApiError(
        0,
        "checkout_failed",
        t("checkout.paymentFailed", { reason: error instanceof Error ? error.message : "" }),
      );
    }
    await cart.mutate();
    if (method === "card") window.location.assign((await startCardPayment(referenceId)).url);
    else navigate(`/payment/${referenceId}`);
  }

  const cartStep: WizardStep<CheckoutValues> = {
    id: "cart",
    title: t("checkout.stepCart"),
    blocked: carts.length === 0 ? t("checkout.cartEmpty") : unavailable ? t("checkout.cartUnavailable") : null,
    content:
      carts.length === 0 ? (
        <Empty text={t("checkout.cartEmpty")}>
          <Link href="/portal/bundle" className="btn btn-primary btn-sm">
            {t("checkout.browseBundles")}
          </Link>
        </Empty>
      ) : (
        <>
          <ul className="divide-y divide-base-200 rounded-box border border-base-200">
            {carts.map((line) => (
              <li key={line.cartId} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="min-w-0 break-words font-medium">
                  {formatLineName(line)} × {formatNumber(line.qty)}
                  {!line.available && <span className="badge badge-warning badge-sm ms-2">{t("checkout.notOnSale")}</span>}
                </span>
                <span>{formatMoney(line.lineTotal, amounts.currency)}</span>
              </li>
            ))}
          </ul>
          <p className="text-end font-semibold">
            {t("checkout.total", { amount: formatMoney(amounts.total, amounts.currency) })}
          </p>
          <Link href="/payment/payment" className="link link-primary self-start text-sm">
            {t("checkout.editCart")}
          </Link>
        </>
      ),
  };

  const steps: WizardStep<CheckoutValues>[] = [
    cartStep,
    {
      id: "billing",
      title: t("checkout.stepBilling"),
      fields: ["userName", "userEmail", "userAddressLine1", "userCity", "userCountry"],
      content: (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="userName" autoComplete="name" />
          <TextField form={form} name="userEmail" type="email" autoComplete="email" />
          <TextField form={form} name="userPhone" type="tel" autoComplete="tel" />
          <TextField form={form} name="userAddressLine1" autoComplete="address-line1" />
          <TextField form={form} name="userAddressLine2" autoComplete="address-line2" />
          <TextField form={form} name="userCity" autoComplete="address-level2" />
          <TextField form={form} name="userPostalCode" autoComplete="postal-code" />
          <TextField form={form} name="userCountry" autoComplete="country-name" />
        </div>
      ),
    },
    {
      id: "method",
      title: t("checkout.stepMethod"),
      fields: ["method"],
      content: (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{form.labelOf("method")}</legend>
          {methods.map((method) => (
            <label key={method} className="flex cursor-pointer items-center gap-3 rounded-box border border-base-300 p-3">
              <input
                type="radio"
                className="radio radio-primary radio-sm"
                name="method"
                value={method}
                checked={v.method === method}
                onChange={() => form.set("method", method)}
              />
              <span>
                <span className="block font-medium">{t(`checkout.${method}`)}</span>
                <span className="block text-sm text-base-content/70">{t(`checkout.${method}Help`)}</span>
              </span>
            </label>
          ))}
          {form.errorOf("method") && (
            <p className="text-sm text-error" role="alert">
              {form.errorOf("method")}
            </p>
          )}
        </fieldset>
      ),
    },
    {
      id: "review",
      title: t("checkout.stepReview"),
      content: (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-box bg-base-200 p-4 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{t("checkout.reviewLines")}</dt>
          <dd>{carts.map((line) => `${formatLineName(line)} × ${formatNumber(line.qty)}`).join(", ")}</dd>
          <dt className="font-medium">{t("checkout.reviewTotal")}</dt>
          <dd>{formatMoney(amounts.total, amounts.currency)}</dd>
          <dt className="font-medium">{t("checkout.reviewBilling")}</dt>
          <dd className="break-words">
            {[v.userName, v.userEmail, v.userAddressLine1, v.userAddressLine2, v.userPostalCode, v.userCity, v.userCountry]
              .filter(Boolean)
              .join(", ")}
          </dd>
          <dt className="font-medium">{t("checkout.method")}</dt>
          <dd>{v.method ? t(`checkout.${v.method}`) : "—"}</dd>
        </dl>
      ),
    },
  ];

  return (
    <section className="card mx-auto w-full max-w-3xl bg-base-100 shadow-sm">
      <div className="card-body">
        <h1 className="card-title text-2xl">{t("checkout.title")}</h1>
        <Wizard form={form} steps={steps} label={t("checkout.title")} finishLabel={t("checkout.finish")} onFinish={finish} />
      </div>
    </section>
  );
}
