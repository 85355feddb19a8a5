import { useConfirm } from "../components/ConfirmDialog";
import { useSnackbar } from "../lib/snackbar";
import { ApiError } from "../lib/api";

export interface DeleteOptions<Row> {
  /** The confirm dialog's title and text for this row. */
  ask: (row: Row) => { title: string; text: string; confirmText?: string };
  /** The delete call; its answer's message is shown as the success notice. */
  call: (row: Row) => Promise<{ message: string }>;
  /** Runs after a successful delete, typically reloading the list. */
  onDeleted: () => unknown;
  /** The failure notice is `failedPrefix` + the server's text, or + `failedDefault` when there is none. */
  failedPrefix: string;
  failedDefault?: string;
}

/**
 * Deletes a row the way every admin list does: asks first, then shows the answer's message and
 * reloads, or shows the failure; nothing is called when the user declines. Without options (a list
 * that deletes nothing) the returned function does nothing.
 */
export function useDeleteWithConfirm<Row>(options: DeleteOptions<Row> | undefined) {
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  return async (row: Row) => {
    if (!options) return;
    const { ask, call, onDeleted, failedPrefix, failedDefault = "" } = options;
    const { title, text, confirmText } = ask(row);
    const ok = await confirm({ title, text, confirmText });
    if (!ok) return;
    try {
      snackbar.success((await call(row)).message);
      await onDeleted();
    } catch (error) {
      snackbar.error(failedPrefix + (error instanceof ApiError ? error.message : failedDefault));
    }
  };
}
