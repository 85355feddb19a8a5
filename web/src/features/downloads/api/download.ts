import { downloadFile as download } from "../../../lib/download";

/** Saves a report or an item's file (the `download` call). */
export function downloadFile(kind: "report" | "item-file", id: string | number, fallbackName: string): Promise<void> {
  return download(kind, id, fallbackName);
}
