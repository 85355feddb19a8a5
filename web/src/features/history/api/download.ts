import { downloadFile as download } from "../../../lib/download";

/** Saves a report or a job's file (the `download` call). */
export function downloadFile(kind: "report" | "job-file", id: string, fallbackName: string): Promise<void> {
  return download(kind, id, fallbackName);
}
