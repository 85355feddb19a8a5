import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { SnackbarContext, type Notify, type Tone } from "../lib/snackbar";

/** Snackbar display time (spec section 9). */
export const SNACKBAR_MS = 3000;

interface Note {
  id: number;
  text: string;
  tone: Tone;
}

const TONE_CLASS: Record<Tone, string> = {
  success: "alert-success",
  error: "alert-error",
  info: "alert-info",
  warning: "alert-warning",
};

/**
 * One snackbar at a time: the newest message replaces whatever shows (a failure never sits under a
 * stale "Saved"), and each stays 3000 ms from its own start.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [note, setNote] = useState<Note | null>(null);
  const nextId = useRef(1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A timer left running would set the state of a provider already gone (a test's page torn down).
  useEffect(() => () => clearTimeout(timer.current), []);
  const notify = useCallback<Notify>((text, tone = "success") => {
    const id = nextId.current++;
    setNote({ id, text, tone });
    // The newest note replaces the shown one: only its own time runs.
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setNote(null), SNACKBAR_MS);
  }, []);
  return (
    <SnackbarContext.Provider value={notify}>
      {children}
      <div className="toast toast-bottom toast-center z-[100]" aria-live="polite" role="status">
        {note && (
          <div key={note.id} className={`alert ${TONE_CLASS[note.tone]} shadow-lg`} data-testid="snackbar">
            <span>{note.text}</span>
          </div>
        )}
      </div>
    </SnackbarContext.Provider>
  );
}
