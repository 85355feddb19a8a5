import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/app/session";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import ar from "../../web/src/features/downloads/locales/ar.json";
import en from "../../web/src/features/downloads/locales/en.json";
import fr from "../../web/src/features/downloads/locales/fr.json";
import DownloadPage from "../../web/src/features/downloads/pages/DownloadPage";
import common from "../../web/src/i18n/locales/en.json";

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
const calls: { name: string; body: Record<string, unknown> }[] = [];

function mockApi(answers: Record<string, Answer>) {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = url.replace("/api/", "");
      calls.push({ name, body: JSON.parse(String(init?.body ?? "{}")) });
      const answer = answers[name] ?? { status: 404, body: { error: "Unknown call.", code: "unknown_call" } };
      const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
      return new Response(body, { status: answer.status, headers: answer.headers });
    }),
  );
}

const REPORTS = {
  status: 200,
  body: {
    data: [
      {
        historyId: 1,
        siteName: "Similarity Check",
        fileName: "thesis.pdf",
        updatedAt: "2026-05-02T09:00:00.000Z",
        hasReport: true,
        fileData: { uniqueId: "report-unique-id-0000000", status: 1, similarity: 17 },
      },
    ],
    total: 1,
    page: 1,
    limit: 10,
  },
};
const ITEMS = {
  status: 200,
  body: {
    data: [
      {
        itemId: 4,
        itemName: "Style guide pack",
        itemUrl: "https://example.com/style-guide",
        itemFile: "guide.pdf",
        endsAt: "2026-12-31T00:00:00.000Z",
      },
      { itemId: 5, itemName: "Odd link", itemUrl: "javascript:alert(1)", itemFile: null, endsAt: "2026-12-31T00:00:00.000Z" },
    ],
    total: 2,
    page: 1,
    limit: 10,
  },
};
const EMPTY = { status: 200, body: { data: [], total: 0, page: 1, limit: 10 } };

function renderPage() {
  document.cookie = `userData=${encodeURIComponent(JSON.stringify({ userId: 7, userName: "Client", role: "client" }))}; path=/`;
  const location = memoryLocation({ path: "/portal/download-page", record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionProvider onSignedOut={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <SnackbarProvider>
            <DownloadPage />
          </SnackbarProvider>
        </SWRConfig>
      </SessionProvider>
    </Router>,
  );
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: { common, downloads: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("download page", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
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
      download: { status: 404, body: { error: "No such file.", code: "not_found" } },
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: en.downloadFile }));
    expect(await screen.findByText("Failed to download: No such file.")).toBeTruthy();
    expect(calls.find((c) => c.name === "download")!.body).toEqual({ kind: "item-file", id: 4 });
  });

  it("shows empty states, and an error state with retry when a list fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockApi({ "search-history": EMPTY, "search-downloads": { status: 500, body: { error: "Boom", code: "internal_error" } } });
    renderPage();
    expect(await screen.findByText(en.noReports)).toBeTruthy();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(common.errorTitle)).toBeTruthy();
    expect(within(alert).getByRole("button", { name: common.retry })).toBeTruthy();
  });
});
