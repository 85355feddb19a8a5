import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteWithConfirm } from "../../../hooks/useDeleteWithConfirm";
import { useFocusBackAfterFailure } from "../../../hooks/useFocusBackAfterFailure";
import { FormDialog } from "../../../components/FormDialog";
import { TextField } from "../../../components/FormField";
import { Icon, ICON_NAMES } from "../../../components/Icon";
import { PageHeader } from "../../../components/PageHeader";
import { UserDrawer, type EditableUser, type UserDrawerValues } from "../../../components/UserDrawer";
import { rules, useForm } from "../../../lib/form";
import { Sample, Samples } from "./Sample";

/** The type scale as the product uses it: the page header, card titles, body and muted text. */
export function TypographyDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Samples>
      <Sample label={t("demo.pageHeader")} wide>
        <PageHeader title={t("demo.products")} subtitle={t("demo.productsIntro")}>
          <button type="button" className="btn btn-primary btn-sm">
            {t("demo.add")}
          </button>
        </PageHeader>
      </Sample>
      <Sample label={t("demo.headings")}>
        <h2 className="text-2xl font-semibold">{t("demo.headingLevel", { level: 2 })}</h2>
        <h3 className="text-lg font-semibold">{t("demo.headingLevel", { level: 3 })}</h3>
        <h4 className="card-title text-base">{t("demo.headingLevel", { level: 4 })}</h4>
      </Sample>
      <Sample label={t("demo.text")}>
        <p>{t("demo.bodyText")}</p>
        <p className="text-sm text-base-content/70">{t("demo.mutedText")}</p>
        <p className="text-sm">
          <a className="link link-primary" href="#top">
            {t("demo.link")}
          </a>{" "}
          ·{" "}
          <code className="font-mono" translate="no">
            PAY-2026-0042
          </code>{" "}
          · <span className="tabular-nums">1 234,50</span>
        </p>
      </Sample>
    </Samples>
  );
}

/** Every icon of Icon.tsx with its name (a NavItem's `icon` is one of these). */
export function IconsDemo() {
  const { t } = useTranslation("styleguide");
  return (
    <Sample label={t("demo.iconCount", { value: ICON_NAMES.length })}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {ICON_NAMES.map((name) => (
          <li key={name} className="flex min-w-0 items-center gap-2 rounded-box bg-base-200 p-2" data-testid="icon-sample">
            <Icon name={name} className="shrink-0" />
            <code className="truncate font-mono text-xs" dir="ltr" translate="no">
              {name}
            </code>
          </li>
        ))}
      </ul>
    </Sample>
  );
}

const SAMPLE_USER: EditableUser = {
  userId: 7,
  userName: "Ada Lovelace",
  userEmail: "ada@example.com",
  userPhone: "",
  userImage: null,
  userRole: "client",
  userIsActive: true,
};

/** A form dialog over nothing: its save answers after a moment, or fails when the note is "000". */
function NoteDialog({ variant, onClose }: { variant: "modal" | "drawer"; onClose: () => void }) {
  const { t } = useTranslation("styleguide");
  const form = useForm({ note: "" }, { note: { label: t("demo.note"), check: rules.required } });
  const send = async ({ note }: { note: string }) => {
    await new Promise((done) => setTimeout(done, 600));
    if (note.trim() === "000") throw new Error("demo");
    onClose();
    return t("demo.saved");
  };
  return (
    <FormDialog title={t("demo.addNote")} form={form} onSend={send} onClose={onClose} variant={variant}>
      <TextField form={form} name="note" hint={t("demo.noteHint")} />
    </FormDialog>
  );
}

/** The dialogs: confirm-before-delete (useDeleteWithConfirm), form dialogs (modal, drawer), the user drawer. */
export function DialogExamplesDemo() {
  const { t } = useTranslation("styleguide");
  const [open, setOpen] = useState<"modal" | "drawer" | "user" | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const retry = useRef<HTMLButtonElement>(null);
  useFocusBackAfterFailure(retry, failure);
  const remove = useDeleteWithConfirm<{ name: string }>({
    ask: (row) => ({ title: t("demo.deleteTitle"), text: t("demo.deleteText", { name: row.name }) }),
    call: async () => ({ message: t("demo.deleted") }),
    onDeleted: () => undefined,
    failedPrefix: t("demo.deleteFailed"),
  });
  const save = async (_values: UserDrawerValues, onProgress: (fraction: number) => void) => {
    onProgress(0.5);
    await new Promise((done) => setTimeout(done, 400));
    onProgress(1);
    return { message: t("demo.saved") };
  };
  return (
    <Samples>
      <Sample label={t("demo.confirmDialog")}>
        <button type="button" className="btn btn-error btn-sm self-start" onClick={() => void remove({ name: "Starter 1" })}>
          <Icon name="trash" size={16} />
          {t("demo.delete")}
        </button>
      </Sample>
      <Sample label={t("demo.formDialog")}>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm" onClick={() => setOpen("modal")}>
            {t("demo.openModal")}
          </button>
          <button type="button" className="btn btn-sm" onClick={() => setOpen("drawer")}>
            {t("demo.openDrawer")}
          </button>
        </div>
      </Sample>
      <Sample label={t("demo.userDrawer")}>
        <button type="button" className="btn btn-sm self-start" onClick={() => setOpen("user")}>
          {t("demo.editUser")}
        </button>
      </Sample>
      <Sample label={t("demo.focusBack")}>
        <button ref={retry} type="button" className="btn btn-sm self-start" onClick={() => setFailure(new Error("demo"))}>
          {t("demo.failAction")}
        </button>
        {failure && <p className="text-sm text-error">{t("demo.saveFailed")}</p>}
      </Sample>
      {(open === "modal" || open === "drawer") && <NoteDialog variant={open} onClose={() => setOpen(null)} />}
      {open === "user" && (
        <UserDrawer
          user={SAMPLE_USER}
          roles={[
            { roleId: 1, roleName: "admin" },
            { roleId: 2, roleName: "client" },
          ]}
          save={save}
          onClose={() => setOpen(null)}
          onSaved={() => setOpen(null)}
        />
      )}
    </Samples>
  );
}
