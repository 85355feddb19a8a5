import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../web/src/lib/api";
import { downloadFile } from "../../web/src/lib/download";
import { calls, fail, mockApi, setupPageTests } from "./page-support";

setupPageTests({});

/** The links the page clicked to save a file, with the name each asked for. */
function clicks() {
  const seen: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    seen.push({ href: this.href, download: this.download });
  });
  return seen;
}

describe("lib/download: downloadFile", () => {
  it("saves streamed bytes under the RFC 5987 name, decoded", async () => {
    mockApi({
      download: {
        status: 200,
        body: "bytes",
        headers: {
          "content-type": "application/octet-stream",
          "content-disposition": `attachment; filename="fallback.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9.txt`,
        },
      },
    });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:local/1");
    const seen = clicks();
    await downloadFile("item-file", 12, "file");
    expect(calls).toEqual([{ name: "download", body: { kind: "item-file", id: 12 } }]);
    expect(seen).toEqual([{ href: "blob:local/1", download: "résumé.txt" }]);
  });

  it("falls back to the caller's name when the answer names no file", async () => {
    mockApi({ download: { status: 200, body: "bytes", headers: { "content-type": "text/csv" } } });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:local/2");
    const seen = clicks();
    await downloadFile("job-file", "job-1", "job-1.csv");
    expect(seen).toEqual([{ href: "blob:local/2", download: "job-1.csv" }]);
  });

  it("rejects with the server's error text and code, saving nothing", async () => {
    mockApi({ download: fail(404, "No such file.") });
    const seen = clicks();
    const failure = await downloadFile("report", "r-1", "r.pdf").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: "x", message: "No such file." });
    expect(seen).toEqual([]);
  });
});
