import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SessionProvider } from "../../web/src/app/session";
import { SnackbarProvider } from "../../web/src/components/Snackbar";
import ar from "../../web/src/features/siteuse/locales/ar.json";
import en from "../../web/src/features/siteuse/locales/en.json";
import fr from "../../web/src/features/siteuse/locales/fr.json";
import SiteUsePage from "../../web/src/features/siteuse/pages/SiteUsePage";
import common from "../../web/src/i18n/locales/en.json";

const SITE = {
  site: {
    siteId: 3,
    siteName: "Similarity Check",
    siteDesc: "Checks a document.",
    sitePrice: 10,
    siteImage: null,
    available: true,
  },
  userQuota: 120,
  maxFileSize: 20 * 1024 * 1024,
};

function mockSiteUse(answer: { status: number; body: unknown }) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(answer.body), { status: answer.status })),
  );
}

/** XMLHttpRequest as uploadWithProgress uses it: reports progress, then answers `status` with `body`. */
function mockUpload(status: number, body: unknown) {
  const sent: FormData[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = "";
    open() {}
    send(form: FormData) {
      sent.push(form);
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }), 0);
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 60);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

function renderPage(siteId = "3") {
  document.cookie = `userData=${encodeURIComponent(JSON.stringify({ userId: 7, userName: "Client", role: "client", userQuota: 120 }))}; path=/`;
  const location = memoryLocation({ path: `/portal/site/use/${siteId}`, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SessionProvider onSignedOut={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <SnackbarProvider>
            <Route path="/portal/site/use/:siteId">
              <SiteUsePage />
            </Route>
          </SnackbarProvider>
        </SWRConfig>
      </SessionProvider>
    </Router>,
  );
}

const pdf = () => new File(["%PDF-1.4\n"], "thesis.pdf", { type: "application/pdf" });
const pick = (file: File) => fireEvent.change(screen.getByLabelText(en.document), { target: { files: [file] } });
const submitButton = () => screen.getByRole("button", { name: "Send for 10 points" }) as HTMLButtonElement;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: { common, siteuse: en } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("use a site", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it("shows the site, its price, the balance and the size hint", async () => {
    mockSiteUse({ status: 200, body: SITE });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Similarity Check" })).toBeTruthy();
    expect(screen.getByText("120")).toBeTruthy();
    expect(screen.getByText("PDF, DOCX or TXT, up to 20 MB.")).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it("uploads a PDF with a progress bar and links to the jobs", async () => {
    mockSiteUse({ status: 200, body: SITE });
    const sent = mockUpload(200, {
      message: "Your document was sent to Similarity Check.",
      history: { fileName: "thesis.pdf", pointsSpent: 10, fileData: { uniqueId: "u".repeat(24), status: 0 } },
    });
    renderPage();
    await screen.findByRole("heading", { name: "Similarity Check" });
    pick(pdf());
    fireEvent.click(submitButton());
    const bar = await screen.findByRole("progressbar", { name: en.uploading });
    await waitFor(() => expect(bar.getAttribute("value")).toBe("50"));
    expect(await screen.findByText("thesis.pdf is queued. You will find the result in your jobs.")).toBeTruthy();
    expect(screen.getByRole("link", { name: en.seeJobs }).getAttribute("href")).toBe("/portal/history-user");
    expect(sent[0]!.get("siteId")).toBe("3");
    expect((sent[0]!.get("file") as File).name).toBe("thesis.pdf");
  });

  it("shows the server's text and a link to buy points when the points do not cover the price", async () => {
    mockSiteUse({ status: 200, body: SITE });
    const text = "You do not have enough points for this site: it costs 10 points and your balance is 4. Buy points to continue.";
    mockUpload(409, { error: text, code: "insufficient_points" });
    renderPage();
    await screen.findByRole("heading", { name: "Similarity Check" });
    pick(pdf());
    fireEvent.click(submitButton());
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole("link", { name: en.buyPoints }).getAttribute("href")).toBe("/portal/bundle");
  });

  it("refuses a file that is not PDF, DOCX or TXT before sending it", async () => {
    mockSiteUse({ status: 200, body: SITE });
    const sent = mockUpload(200, {});
    renderPage();
    await screen.findByRole("heading", { name: "Similarity Check" });
    pick(new File(["MZ"], "setup.exe"));
    expect(screen.getByText(en.wrongType)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it("warns up front when the balance is too low, with a link to buy points", async () => {
    mockSiteUse({ status: 200, body: { ...SITE, userQuota: 4 } });
    renderPage();
    expect(await screen.findByText("This site costs 10 points and your balance is 4.")).toBeTruthy();
    expect(screen.getByRole("link", { name: en.buyPoints }).getAttribute("href")).toBe("/portal/bundle");
    pick(pdf());
    expect(submitButton().disabled).toBe(true);
  });

  it("shows a not-found state for an unknown or switched-off site", async () => {
    mockSiteUse({ status: 404, body: { error: "No such site, or it is not available.", code: "not_found" } });
    renderPage("999");
    expect(await screen.findByText(en.notFound)).toBeTruthy();
  });
});
