import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface ConfirmOptions {
  title?: string;
  text?: string;
  confirmText?: string;
  tone?: "error" | "primary";
}

type Ask = (options?: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/** One confirm dialog for the whole app: `await confirm({...})` answers true or false. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  const ask = useCallback<Ask>((opts = {}) => {
    setOptions(opts);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (options && !el.open) el.showModal?.();
    if (!options && el.open) el.close?.();
  }, [options]);

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <dialog ref={dialog} className="modal" onCancel={() => answer(false)} aria-labelledby="confirm-title">
        {options && (
          <div className="modal-box">
            <h3 id="confirm-title" className="text-lg font-bold">
              {options.title ?? t("confirmDeleteTitle")}
            </h3>
            <p className="py-4">{options.text ?? t("confirmDeleteText")}</p>
            <div className="modal-action">
              <button type="button" className="btn" onClick={() => answer(false)}>
                {t("cancel")}
              </button>
              <button
                type="button"
                className={`btn ${options.tone === "primary" ? "btn-primary" : "btn-error"}`}
                onClick={() => answer(true)}
                autoFocus
              >
                {options.confirmText ?? t("delete")}
              </button>
            </div>
          </div>
        )}
      </dialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error("useConfirm outside ConfirmProvider");
  return ask;
}
