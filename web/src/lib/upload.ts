import { failure, parse, post, unreachable, type CallAnswer, type CallInput, type CallName, type JsonCallName } from "./api";
import { BOOKMARK_HEADER, currentBookmark, rememberBookmark } from "./bookmark";

/**
 * Multipart calls (uploads), kept apart from lib/api.ts so the sign-in page's first load does not carry
 * them.
 */

/** A field multipart can carry: text (numbers and booleans as text), a file, or files (a part each). */
type FormValue = string | number | boolean | Blob | readonly Blob[] | null | undefined;
/** A call's input when every field fits in multipart (no nested objects or lists); never otherwise. */
type FormInput<N extends CallName> = CallInput<N> extends Record<string, FormValue> ? CallInput<N> : never;

/** Builds multipart form data from a call's fields (booleans and numbers as text; null/undefined skipped). */
function toFormData(fields: Record<string, FormValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else if (Array.isArray(value)) for (const file of value as readonly Blob[]) form.append(key, file);
    else form.append(key, String(value));
  }
  return form;
}

/** Calls `POST /api/<name>` with a multipart body built from the call's fields (files travel as parts). */
export function apiForm<N extends JsonCallName>(name: N, fields: FormInput<N>): Promise<CallAnswer<N>> {
  return post(name, toFormData(fields), false) as Promise<CallAnswer<N>>;
}

/** Uploads a call's fields as multipart with progress (fetch has none): resolves with the answer or rejects with ApiError. */
export function uploadWithProgress<N extends JsonCallName>(
  name: N,
  fields: FormInput<N>,
  onProgress: (fraction: number) => void,
): Promise<CallAnswer<N>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/${name}`);
    const bookmark = currentBookmark();
    if (bookmark) xhr.setRequestHeader(BOOKMARK_HEADER, bookmark);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(unreachable());
    xhr.onload = () => {
      rememberBookmark(xhr.getResponseHeader(BOOKMARK_HEADER));
      if (xhr.status >= 200 && xhr.status < 300) resolve(parse(xhr.responseText) as CallAnswer<N>);
      else reject(failure(name, xhr.status, xhr.responseText));
    };
    xhr.send(toFormData(fields));
  });
}
