import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A side drawer (modal dialog at the inline end): Escape or the close button dismisses it. */
export function Drawer({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation("invoices");
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
  }, []);
  return (
    <dialog ref={dialog} className="modal modal-end print:hidden" onCancel={onClose} aria-labelledby="drawer-title">
      <div className="modal-box flex h-full max-h-none w-full max-w-md flex-col gap-4 rounded-none">
        <div className="flex items-center justify-between">
          <h2 id="drawer-title" className="text-lg font-semibold">
            {title}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm btn-circle" onClick={onClose} aria-label={t("close")}>
            ✕
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
