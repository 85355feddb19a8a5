import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../web/src/lib/api";
import { BOOKMARK_HEADER, currentBookmark } from "../../web/src/lib/bookmark";
import { downloadFile } from "../../web/src/lib/download";
import { uploadWithProgress } from "../../web/src/lib/upload";

/**
 * The D1 bookmark round trip (decision 0001): the web app keeps the newest bookmark the server
 * answers with and sends it back on every call, so its reads see its own writes on any replica.
 */

const OLD = "00000000-00000005-00000000-00000000000000000000000000000000";
const NEW = "00000000-0000000a-00000000-00000000000000000000000000000000";
const NEWER = "00000000-0000000b-00000000-00000000000000000000000000000000";
/** Later still: set by another tab, then answered by an upload. */
const OTHER_TAB = "00000000-0000000c-00000000-00000000000000000000000000000000";
const LATEST = "00000000-0000000d-00000000-00000000000000000000000000000000";

/** The bookmark header of each request fetch sent, and the answers' bookmarks in turn. */
function answering(bookmarks: Array<string | null>) {
  const sent: Array<string | null> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get(BOOKMARK_HEADER));
      const bookmark = bookmarks.shift() ?? null;
      return new Response("{}", {
        status: 200,
        headers: { "content-type": "application/json", ...(bookmark ? { [BOOKMARK_HEADER]: bookmark } : {}) },
      });
    }),
  );
  return sent;
}

describe("lib/api: the D1 bookmark", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("sends none before the server gave one, then sends back the newest it was given", async () => {
    const sent = answering([NEW, OLD, null, NEWER, null]);
    await api("me");
    await api("searchuser", { search: "" });
    // An older bookmark arriving late (answers may come out of order) does not replace a newer one.
    await api("searchuser", { search: "" });
    await api("logout");
    await api("searchbundle", {});
    expect(sent).toEqual([null, NEW, NEW, NEW, NEWER]);
    // Kept in localStorage too: a reload or another tab goes on from it.
    expect(localStorage.getItem("d1-bookmark")).toBe(NEWER);
  });

  it("travels with uploads and downloads too, and follows a newer one another tab stored", async () => {
    localStorage.setItem("d1-bookmark", OTHER_TAB);
    const requested: Array<[string, string]> = [];
    class RecordingXhr {
      status = 0;
      responseText = "";
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader(name: string, value: string) {
        requested.push([name, value]);
      }
      getResponseHeader(name: string) {
        return name === BOOKMARK_HEADER ? LATEST : null;
      }
      send() {
        this.status = 200;
        this.responseText = "{}";
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal("XMLHttpRequest", RecordingXhr);
    await uploadWithProgress("submit-job", { siteId: 1, file: new File(["%PDF"], "essay.pdf") }, () => undefined);
    expect(requested).toEqual([[BOOKMARK_HEADER, OTHER_TAB]]);
    expect(currentBookmark()).toBe(LATEST);

    const sent = answering([null]);
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:local/1");
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    await downloadFile("report", "r-1", "r.pdf");
    expect(sent).toEqual([LATEST]);
  });
});
