import { createContext, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface ConfirmOptions {
  title?: string;
  text?: string;
  confirmText?: string;
  tone?: "error" | "primary";
}

type Ask = (options?: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/**
 * One confirm dialog for the whole app: `await confirm({...})` answers true or false. The provider
 * wraps the whole app, so it never waits for the translations (only the open dialog reads them):
 * suspending here would hold the router, and with it the route's chunk and first calls, until the
 * common translations have loaded.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
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
          <Suspense fallback={null}>
            <ConfirmBox options={options} answer={answer} />
          </Suspense>
        )}
      </dialog>
    </ConfirmContext.Provider>
  );
}

function ConfirmBox({ options, answer }: { options: ConfirmOptions; answer: (value: boolean) => void }) {
  const { t } = useTranslation();
  return (
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
  );
}

export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error("useConfirm outside ConfirmProvider");
  return ask;
}
