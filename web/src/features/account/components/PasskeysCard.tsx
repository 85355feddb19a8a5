import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useTranslation } from "react-i18next";
import type { Column } from "../../../components/DataTable";
import { FormError, SubmitButton, TextField } from "../../../components/FormField";
import { ListView } from "../../../components/ListPage";
import { useSnackbar } from "../../../lib/snackbar";
import { useListController } from "../../../hooks/useListController";
import { rules, useForm } from "../../../lib/form";
import { formatDate } from "../../../lib/format";
import { deletePasskey, passkeyRegister, passkeyRegisterOptions, type PasskeyRow } from "../api";

type Values = { passkeyName: string; password: string };
const EMPTY: Values = { passkeyName: "", password: "" };

/** The caller's passkeys: add one (named, after the current password), see when each was used, remove one. */
export function PasskeysCard() {
  const { t } = useTranslation("account");
  const snackbar = useSnackbar();
  const list = useListController({
    call: "search-passkey",
    defaults: { limit: 10 },
    // The sessions list below keeps the page's address for its own paging.
    inUrl: false,
    remove: {
      ask: () => ({ title: t("removePasskeyTitle"), text: t("removePasskeyText"), confirmText: t("removePasskey") }),
      call: (row) => deletePasskey({ passkeyId: row.passkeyId }),
      failedPrefix: "",
      failedDefault: t("common:errorText"),
    },
  });
  const form = useForm<Values>(EMPTY, {
    passkeyName: { label: t("passkeyName"), check: rules.required },
    password: { label: t("passkeyPassword"), check: rules.required },
  });

  const add = form.submit(async ({ passkeyName, password }) => {
    // The WebAuthn code loads when a passkey is made, not with the page.
    const [{ startRegistration }, { options }] = await Promise.all([
      import("@simplewebauthn/browser"),
      passkeyRegisterOptions({ password }),
    ]);
    let response;
    try {
      response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
    } catch (error) {
      if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) {
        snackbar.error(t("passkeyCancelled"));
        return;
      }
      throw error;
    }
    const answer = await passkeyRegister({ passkeyName: passkeyName.trim(), response });
    form.reset(EMPTY);
    await list.reload();
    return answer.message;
  });

  const columns: Column<PasskeyRow>[] = [
    { key: "passkeyName", header: t("passkeyName"), render: (row) => <span className="break-all">{row.passkeyName}</span> },
    { key: "createdAt", header: t("passkeyCreated"), render: (row) => formatDate(row.createdAt, true) },
    {
      key: "lastUsedAt",
      header: t("passkeyLastUsed"),
      render: (row) => (row.lastUsedAt ? formatDate(row.lastUsedAt, true) : t("passkeyNeverUsed")),
    },
    {
      key: "actions",
      header: t("common:actions"),
      render: (row) => (
        <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => void list.remove(row)}>
          {t("removePasskey")}
        </button>
      ),
    },
  ];

  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 className="card-title">{t("passkeys")}</h2>
        <p className="text-base-content/70">{t("passkeysText")}</p>
        <ListView
          list={list}
          caption={t("passkeys")}
          columns={columns}
          rowKey={(row) => row.passkeyId}
          emptyText={t("noPasskeys")}
        />
        {typeof PublicKeyCredential === "undefined" ? (
          <p className="text-base-content/70">{t("passkeysUnsupported")}</p>
        ) : (
          <form className="flex max-w-md flex-col gap-4" onSubmit={add} noValidate>
            <FormError text={form.formError} />
            <TextField form={form} name="passkeyName" autoComplete="off" maxLength={60} />
            <TextField form={form} name="password" type="password" autoComplete="current-password" />
            <SubmitButton sending={form.sending} className="w-fit">
              {t("addPasskey")}
            </SubmitButton>
          </form>
        )}
      </div>
    </div>
  );
}
