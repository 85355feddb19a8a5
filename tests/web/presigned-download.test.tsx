import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadFile as downloadFromDownloads } from "../../web/src/features/downloads/api/download";
import { downloadFile as downloadFromHistory } from "../../web/src/features/history/api/download";

/** `download` answers the bytes locally and {url, expiresAt} in production: both pages must save either. */
function answer(response: Response) {
  const requests: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      requests.push(JSON.parse(String(init?.body)));
      return response;
    }),
  );
  return requests;
}

function clicks() {
  const seen: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    seen.push({ href: this.href, download: this.download });
  });
  return seen;
}

const LINK = "https://acct.r2.cloudflarestorage.com/bucket/reports/abc.pdf?X-Amz-Expires=300&X-Amz-Signature=00";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe.each([
  ["downloads", downloadFromDownloads],
  ["history", downloadFromHistory],
] as const)("%s: downloadFile", (_feature, downloadFile) => {
  it("follows a presigned link answer without fetching the bytes into the page", async () => {
    const requests = answer(
      new Response(JSON.stringify({ url: LINK, expiresAt: "2026-01-01T00:05:00.000Z" }), {
        headers: { "content-type": "application/json; charset=utf-8" },
      }),
    );
    const blobUrl = vi.spyOn(URL, "createObjectURL");
    const seen = clicks();
    await downloadFile("report", "unique-id-0000000000000", "report");
    expect(requests).toEqual([{ kind: "report", id: "unique-id-0000000000000" }]);
    // R2 names the file (response-content-disposition); a cross-origin `download` attribute would be ignored.
    expect(seen).toEqual([{ href: LINK, download: "" }]);
    expect(blobUrl).not.toHaveBeenCalled();
    expect(document.querySelector("a[href]")).toBeNull();
  });

  it("still saves streamed bytes under the server's file name", async () => {
    answer(
      new Response("%PDF-1.5", {
        headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="r.pdf"` },
      }),
    );
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:file");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const seen = clicks();
    await downloadFile("report", "unique-id-0000000000000", "fallback.pdf");
    expect(seen).toEqual([{ href: "blob:file", download: "r.pdf" }]);
  });
});
