import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

/** Snackbar display time (spec section 9). */
export const SNACKBAR_MS = 3000;

type Tone = "success" | "error" | "info" | "warning";
interface Note {
  id: number;
  text: string;
  tone: Tone;
}

const SnackbarContext = createContext<((text: string, tone?: Tone) => void) | null>(null);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [notes, setNotes] = useState<Note[]>([]);
  const nextId = useRef(1);
  const notify = useCallback((text: string, tone: Tone = "success") => {
    const id = nextId.current++;
    setNotes((all) => [...all.slice(-2), { id, text, tone }]);
    setTimeout(() => setNotes((all) => all.filter((n) => n.id !== id)), SNACKBAR_MS);
  }, []);
  const toneClass: Record<Tone, string> = {
    success: "alert-success",
    error: "alert-error",
    info: "alert-info",
    warning: "alert-warning",
  };
  return (
    <SnackbarContext.Provider value={notify}>
      {children}
      <div className="toast toast-bottom toast-center z-[100]" aria-live="polite" role="status">
        {notes.map((note) => (
          <div key={note.id} className={`alert ${toneClass[note.tone]} shadow-lg`} data-testid="snackbar">
            <span>{note.text}</span>
          </div>
        ))}
      </div>
    </SnackbarContext.Provider>
  );
}

/** `notify(text, tone)` shows a snackbar for 3000 ms. */
export function useSnackbar() {
  const notify = useContext(SnackbarContext);
  if (!notify) throw new Error("useSnackbar outside SnackbarProvider");
  return useMemo(
    () => ({
      success: (text: string) => notify(text, "success"),
      error: (text: string) => notify(text, "error"),
      info: (text: string) => notify(text, "info"),
    }),
    [notify],
  );
}
