import { describe, expect, it, vi } from "vitest";
import { downloadFile as downloadFromDownloads } from "../../web/src/features/downloads/api";
import { downloadFile as downloadFromHistory } from "../../web/src/features/history/api";
import { calls, mockApi, ok, setupPageTests } from "./page-support";

/** `download` answers the bytes locally and {url, expiresAt} in production: both pages must save either. */
function clicks() {
  const seen: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    seen.push({ href: this.href, download: this.download });
  });
  return seen;
}

const LINK = "https://acct.r2.cloudflarestorage.com/bucket/reports/abc.pdf?X-Amz-Expires=300&X-Amz-Signature=00";

setupPageTests({});

describe.each([
  ["downloads", downloadFromDownloads],
  ["history", downloadFromHistory],
] as const)("%s: downloadFile", (_feature, downloadFile) => {
  it("follows a presigned link answer without fetching the bytes into the page", async () => {
    mockApi({
      download: {
        ...ok({ url: LINK, expiresAt: "2026-01-01T00:05:00.000Z" }),
        headers: { "content-type": "application/json; charset=utf-8" },
      },
    });
    const blobUrl = vi.spyOn(URL, "createObjectURL");
    const seen = clicks();
    await downloadFile("report", "unique-id-0000000000000", "report");
    expect(calls).toEqual([{ name: "download", body: { kind: "report", id: "unique-id-0000000000000" } }]);
    // R2 names the file (response-content-disposition); a cross-origin `download` attribute would be ignored.
    expect(seen).toEqual([{ href: LINK, download: "" }]);
    expect(blobUrl).not.toHaveBeenCalled();
    expect(document.querySelector("a[href]")).toBeNull();
  });

  it("still saves streamed bytes under the server's file name", async () => {
    mockApi({
      download: {
        ...ok("%PDF-1.5"),
        headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="r.pdf"` },
      },
    });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:file");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const seen = clicks();
    await downloadFile("report", "unique-id-0000000000000", "fallback.pdf");
    expect(seen).toEqual([{ href: "blob:file", download: "r.pdf" }]);
  });
});
