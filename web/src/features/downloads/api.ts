import { downloadFile as download } from "../../lib/download";
import type { ListRow } from "../../lib/api";

/** Saves a report or an item's file (the `download` call). */
export function downloadFile(kind: "report" | "item-file", id: string | number, fallbackName: string): Promise<void> {
  return download(kind, id, fallbackName);
}

/** A finished job as search-history answers it. */
export type FinishedJob = ListRow<"search-history">;

/** An item the caller holds an active subscription to (search-downloads). */
export type SubscribedItem = ListRow<"search-downloads">;
