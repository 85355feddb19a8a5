import { useTranslation } from "react-i18next";
import { roleLabel } from "../lib/roles";
import type { UserData } from "../providers/session";
import { rules, useForm } from "../lib/form";
import { FormDialog } from "./FormDialog";
import { SelectField, ToggleField } from "./FormControls";
import { TextField } from "./FormField";
import { ImageField } from "./ImageField";
import { UploadProgress, useUpload } from "./UploadProgress";

/** What the drawer edits: the updateuser call's fields (API.md). */
export interface UserDrawerValues {
  userId: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userPW: string;
  userRole: string;
  userIsActive: boolean;
  userImageNew: File | null;
}

/** The user being edited, as the users list and view hold it (userData plus the status). */
export type EditableUser = Pick<UserData, "userId" | "userName" | "userEmail" | "userPhone" | "userImage" | "userRole"> & {
  userIsActive: boolean;
};

interface Props<A extends { message: string }> {
  /** The user to edit, or null to add one. */
  user: EditableUser | null;
  /** The role choices; a new user starts with `defaultRole`. */
  roles: { roleId: number; roleName: string }[];
  defaultRole?: string;
  /** The caller's updateuser call (multipart, with upload progress from 0 to 1). */
  save: (values: UserDrawerValues, onProgress: (fraction: number) => void) => Promise<A>;
  onClose: () => void;
  /** After a save (the form shows the server's message). */
  onSaved: (answer: A) => void;
}

/**
 * The add/edit user drawer of the users pages and the roles page ("add new user"): name, email, phone,
 * password, role, status and avatar, saved multipart with upload progress. Its texts are the users
 * namespace's.
 */
export function UserDrawer<A extends { message: string }>({
  user,
  roles,
  defaultRole = "client",
  save,
  onClose,
  onSaved,
}: Props<A>) {
  const { t } = useTranslation("users");
  const upload = useUpload();
  const isNew = user === null;
  const form = useForm<UserDrawerValues>(
    {
      userId: user?.userId ?? 0,
      userName: user?.userName ?? "",
      userEmail: user?.userEmail ?? "",
      userPhone: user?.userPhone ?? "",
      userPW: "",
      userRole: user?.userRole ?? defaultRole,
      userIsActive: user?.userIsActive ?? true,
      userImageNew: null,
    },
    {
      userName: { label: t("fieldName"), check: rules.required },
      userEmail: { label: t("fieldEmail"), check: rules.email },
      userPhone: { label: t("fieldPhone") },
      // A new user needs a password; on edit a blank one keeps the current password.
      userPW: { label: t("fieldPassword"), check: (value) => (isNew || value ? rules.password(value) : undefined) },
      userRole: { label: t("fieldRole") },
      userIsActive: { label: t("fieldActive") },
      userImageNew: { label: t("fieldAvatar") },
    },
    { failure: { prefix: t("saveFailed"), fallback: t("saveFailedDefault") } },
  );
  const choices = roles.length ? roles : [{ roleId: 0, roleName: form.values.userRole }];

  async function send(values: UserDrawerValues) {
    const answer = await upload.run((onProgress) => save(values, onProgress));
    onSaved(answer);
    return answer.message;
  }

  return (
    <FormDialog
      variant="drawer"
      title={isNew ? t("addUser") : t("editUser")}
      form={form}
      onSend={send}
      onClose={onClose}
      autoComplete="off"
    >
      <ImageField
        form={form}
        name="userImageNew"
        hint={t("avatarHint")}
        previewAlt={t("avatarPreview")}
        current={user?.userImage ?? null}
      />
      <TextField form={form} name="userName" autoComplete="off" />
      <TextField form={form} name="userEmail" type="email" autoComplete="off" dir="ltr" />
      <TextField form={form} name="userPhone" type="tel" autoComplete="off" />
      <TextField
        form={form}
        name="userPW"
        type="password"
        autoComplete="new-password"
        hint={isNew ? t("passwordHintNew") : t("passwordHintEdit")}
      />
      <SelectField form={form} name="userRole">
        {choices.map((role) => (
          <option key={role.roleId} value={role.roleName}>
            {roleLabel(role.roleName)}
          </option>
        ))}
      </SelectField>
      <ToggleField form={form} name="userIsActive" />
      <UploadProgress progress={upload.progress} label={t("uploading")} />
    </FormDialog>
  );
}
