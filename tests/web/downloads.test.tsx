import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import ar from "../../web/src/features/downloads/locales/ar.json";
import en from "../../web/src/features/downloads/locales/en.json";
import fr from "../../web/src/features/downloads/locales/fr.json";
import DownloadPage from "../../web/src/features/downloads/pages/DownloadPage";
import common from "../../web/src/i18n/locales/en.json";
import { calls, fail, listOf, localeKeys, mockApi, renderAt, setupPageTests, signIn } from "./page-support";

const REPORTS = listOf([
  {
    historyId: 1,
    siteName: "Similarity Check",
    fileName: "thesis.pdf",
    updatedAt: "2026-05-02T09:00:00.000Z",
    hasReport: true,
    fileData: { uniqueId: "report-unique-id-0000000", status: 1, similarity: 17 },
  },
]);
const ITEMS = listOf([
  {
    itemId: 4,
    itemName: "Style guide pack",
    itemUrl: "https://example.com/style-guide",
    itemFile: "guide.pdf",
    endsAt: "2026-12-31T00:00:00.000Z",
  },
  { itemId: 5, itemName: "Odd link", itemUrl: "javascript:alert(1)", itemFile: null, endsAt: "2026-12-31T00:00:00.000Z" },
]);
const EMPTY = listOf([]);

function renderPage() {
  signIn({ userId: 7, userName: "Client", role: "client" }, []);
  renderAt("/portal/download-page", DownloadPage);
}

setupPageTests({ downloads: en });

describe("download page", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
    expect(localeKeys(ar)).toEqual(localeKeys(en));
  });

  it("lists the caller's finished reports and the items of active subscriptions with their URL", async () => {
    mockApi({ "search-history": REPORTS, "search-downloads": ITEMS });
    renderPage();
    expect(await screen.findByText("thesis.pdf")).toBeTruthy();
    expect(calls.find((c) => c.name === "search-history")!.body).toMatchObject({ status: 1, userId: 7 });
    expect(await screen.findByText("Style guide pack")).toBeTruthy();
    expect(screen.getByRole("link", { name: "https://example.com/style-guide" }).getAttribute("rel")).toBe("noopener noreferrer");
    // A non-http URL is shown as no link at all.
    expect(screen.queryByRole("link", { name: /javascript/ })).toBeNull();
    expect(screen.getByText(en.noFile)).toBeTruthy();
  });

  it("downloads a report through the download call and saves it under the server's file name", async () => {
    mockApi({
      "search-history": REPORTS,
      "search-downloads": EMPTY,
      download: {
        status: 200,
        body: "%PDF-1.5 report",
        headers: { "content-disposition": "attachment; filename=\"r.pdf\"; filename*=UTF-8''r%C3%A9sultat.pdf" },
      },
    });
    const created = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:report");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: en.downloadReport }));
    await waitFor(() => expect(clicked).toEqual(["résultat.pdf"]));
    expect(calls.find((c) => c.name === "download")!.body).toEqual({ kind: "report", id: "report-unique-id-0000000" });
    expect(created).toHaveBeenCalledOnce();
  });

  it("shows the server's error when a download is refused", async () => {
    mockApi({
      "search-history": EMPTY,
      "search-downloads": ITEMS,
      download: fail(404, "No such file."),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: en.downloadFile }));
    expect(await screen.findByText("Failed to download: No such file.")).toBeTruthy();
    expect(calls.find((c) => c.name === "download")!.body).toEqual({ kind: "item-file", id: 4 });
  });

  it("shows empty states, and an error state with retry when a list fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockApi({ "search-history": EMPTY, "search-downloads": fail(500, "Boom") });
    renderPage();
    expect(await screen.findByText(en.noReports)).toBeTruthy();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(common.errorTitle)).toBeTruthy();
    expect(within(alert).getByRole("button", { name: common.retry })).toBeTruthy();
  });
});
