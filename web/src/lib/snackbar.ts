import { createContext, useContext, useMemo } from "react";

/**
 * The snackbar's notify, apart from its provider (components/Snackbar.tsx): shared code such as lib/form.ts
 * shows a snackbar without importing a component.
 */

export type Tone = "success" | "error" | "info" | "warning";
export type Notify = (text: string, tone?: Tone) => void;

export const SnackbarContext = createContext<Notify | null>(null);

/** The snackbar when there is one: forms rendered outside the app's providers (a test's bare page) just skip it. */
export function useNotify(): Notify | null {
  return useContext(SnackbarContext);
}

/** `notify(text, tone)` shows a snackbar for 3000 ms. */
export function useSnackbar() {
  const notify = useNotify();
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
