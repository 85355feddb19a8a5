import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { TextAreaField, ToggleField } from "../../../components/FormControls";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { rules, useForm, type FormState } from "../../../lib/form";
import { createBundle, createItem, type NewBundle, type NewItem } from "../api";

type Kind = "item" | "bundle";
const LIST = "/apps/ecommerce/product/list";

/**
 * A new product: an item (a subscription) or a bundle (points), made by the catalogue's own create calls
 * (updateitem, updatebundle with id 0), so the server checks it exactly as the items and bundles pages.
 */
export default function ProductAddPage() {
  const { t } = useTranslation("store");
  const [kind, setKind] = useState<Kind>("item");
  return (
    <section className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6">
      <header>
        <p className="text-sm">
          <Link href={LIST} className="link">
            {t("productAdd.back")}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{t("productAdd.title")}</h1>
        <p className="text-sm text-base-content/70">{t("productAdd.subtitle")}</p>
      </header>
      <div className="join" role="radiogroup" aria-label={t("products.kind")}>
        {(["item", "bundle"] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            className={`btn join-item ${kind === k ? "btn-primary" : "btn-ghost bg-base-100"}`}
            onClick={() => setKind(k)}
          >
            {t(`kind.${k}`)}
          </button>
        ))}
      </div>
      {kind === "item" ? <ItemForm /> : <BundleForm />}
    </section>
  );
}

/** The card around one form, with its error and its buttons. */
function FormCard<V extends object>({
  form,
  onSend,
  children,
}: {
  form: FormState<V>;
  onSend: (v: V) => Promise<string>;
  children: ReactNode;
}) {
  const { t } = useTranslation("store");
  return (
    <form className="card bg-base-100 shadow-sm" noValidate onSubmit={(e) => void form.submit(onSend)(e)}>
      <div className="card-body grid grid-cols-1 gap-4">
        {children}
        <FormError text={form.formError} />
        <div className="flex flex-wrap justify-end gap-2">
          <Link href={LIST} className="btn btn-ghost">
            {t("productAdd.cancel")}
          </Link>
          <SubmitButton sending={form.sending}>{t("productAdd.save")}</SubmitButton>
        </div>
      </div>
    </form>
  );
}

function ItemForm() {
  const { t } = useTranslation("store");
  const [, navigate] = useLocation();
  const form = useForm<NewItem>(
    { itemName: "", itemDesc: "", itemPrice: "", itemDuration: "30", itemUrl: "", itemIsActive: true },
    {
      itemName: { label: t("productAdd.itemName"), check: rules.required },
      itemDesc: { label: t("productAdd.itemDesc") },
      itemPrice: { label: t("productAdd.price"), check: rules.required },
      itemDuration: { label: t("productAdd.itemDuration"), check: rules.required },
      itemUrl: { label: t("productAdd.itemUrl") },
      itemIsActive: { label: t("productAdd.onSale") },
    },
    { failure: { prefix: t("productAdd.failed"), fallback: t("productAdd.failedDefault") } },
  );
  async function send(values: NewItem) {
    const answer = await createItem(values);
    navigate(LIST);
    return answer.message;
  }
  return (
    <FormCard form={form} onSend={send}>
      <TextField form={form} name="itemName" maxLength={200} />
      <TextAreaField form={form} name="itemDesc" maxLength={2000} rows={3} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField form={form} name="itemPrice" type="number" min={0} inputMode="numeric" hint={t("productAdd.priceHint")} />
        <TextField form={form} name="itemDuration" type="number" min={1} max={3650} inputMode="numeric" />
      </div>
      <TextField form={form} name="itemUrl" type="url" />
      <ToggleField form={form} name="itemIsActive" />
    </FormCard>
  );
}

function BundleForm() {
  const { t } = useTranslation("store");
  const [, navigate] = useLocation();
  const form = useForm<NewBundle>(
    { bundleName: "", bundlePoin: "", bundlePPP: "", bundleDisc: "0", bundleIsActive: true },
    {
      bundleName: { label: t("productAdd.bundleName") },
      bundlePoin: { label: t("productAdd.bundlePoin"), check: rules.required },
      bundlePPP: { label: t("productAdd.bundlePPP"), check: rules.required },
      bundleDisc: { label: t("productAdd.bundleDisc"), check: rules.required },
      bundleIsActive: { label: t("productAdd.onSale") },
    },
    { failure: { prefix: t("productAdd.failed"), fallback: t("productAdd.failedDefault") } },
  );
  async function send(values: NewBundle) {
    const answer = await createBundle(values);
    navigate(LIST);
    return answer.message;
  }
  return (
    <FormCard form={form} onSend={send}>
      <TextField form={form} name="bundleName" maxLength={60} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField form={form} name="bundlePoin" type="number" min={1} inputMode="numeric" />
        <TextField form={form} name="bundlePPP" type="number" min={0} inputMode="numeric" hint={t("productAdd.priceHint")} />
        <TextField form={form} name="bundleDisc" type="number" min={0} max={100} inputMode="numeric" />
      </div>
      <ToggleField form={form} name="bundleIsActive" />
    </FormCard>
  );
}
