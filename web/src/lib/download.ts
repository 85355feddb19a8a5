import { answerError, type CallInput, type FileCallName } from "./api";
import { BOOKMARK_HEADER, rememberBookmark, withBookmark } from "./bookmark";

/** What the `download` call serves: a report, an item's file or a job's file. */
export type DownloadKind = CallInput<"download">["kind"];

/** The file name of a download answer (RFC 5987 `filename*` first). */
function fileNameOf(disposition: string | null, fallback: string): string {
  const extended = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      return fallback;
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/** Calls `download` and saves the answer as a file in the browser. */
export function downloadFile(kind: DownloadKind, id: string | number, fallbackName: string): Promise<void> {
  // A job's files are named by its uniqueId (text), an item's by its itemId.
  return saveFile("download", kind === "item-file" ? { kind, id } : { kind, id: String(id) }, fallbackName);
}

/** Calls a call that answers a file and saves the file in the browser (or follows the link it answers). */
export async function saveFile<N extends FileCallName>(name: N, body: CallInput<N>, fallbackName: string): Promise<void> {
  const response = await fetch(`/api/${name}`, {
    method: "POST",
    credentials: "same-origin",
    headers: withBookmark({ "content-type": "application/json" }),
    body: JSON.stringify(body),
  });
  rememberBookmark(response.headers.get(BOOKMARK_HEADER));
  if (!response.ok) throw answerError(response.status, await response.json().catch(() => null));
  // In production the answer is {url, expiresAt}: a short-lived R2 link that R2 serves as an attachment
  // under the server's file name, so following it saves the file without leaving the page.
  if (response.headers.get("content-type")?.includes("application/json")) {
    const { url } = (await response.json()) as { url: string };
    follow(url);
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  follow(url, fileNameOf(response.headers.get("content-disposition"), fallbackName));
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function follow(href: string, fileName?: string) {
  const link = document.createElement("a");
  link.href = href;
  if (fileName) link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
