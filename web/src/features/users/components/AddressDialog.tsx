import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/FormDialog";
import { TextField } from "../../../components/FormField";
import { ADDRESS_FIELDS, ADDRESS_INPUTS } from "../../../lib/address";
import { useForm } from "../../../lib/form";
import { updateAddress, type Address } from "../api";
import type { User } from "../types";

interface Props {
  user: User;
  onClose: () => void;
  /** After the save (the dialog shows the server's message): the saved user. */
  onSaved: (user: User) => void;
}

/** The user view's address editor: five optional one-line fields; a blank one clears the stored value. */
export function AddressDialog({ user, onClose, onSaved }: Props) {
  const { t } = useTranslation("users");
  const initial = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, user[field]])) as Address;
  const form = useForm<Address>(
    initial,
    {
      userAddressLine1: { label: t("addressLine1") },
      userAddressLine2: { label: t("addressLine2") },
      userCity: { label: t("addressCity") },
      userPostalCode: { label: t("addressPostalCode") },
      userCountry: { label: t("addressCountry") },
    },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );

  async function send(values: Address) {
    const trimmed = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, values[field].trim()])) as Address;
    const answer = await updateAddress(user, trimmed);
    onSaved(answer.user);
    return answer.message;
  }

  return (
    <FormDialog title={t("addressTitle", { name: user.userName })} form={form} onSend={send} onClose={onClose}>
      {ADDRESS_FIELDS.map((field) => (
        <TextField
          key={field}
          form={form}
          name={field}
          {...ADDRESS_INPUTS[field]}
          // An address may be in another script than the page: each field takes the direction of its text.
          dir="auto"
        />
      ))}
    </FormDialog>
  );
}
