import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ar from "../../web/src/features/siteuse/locales/ar.json";
import en from "../../web/src/features/siteuse/locales/en.json";
import fr from "../../web/src/features/siteuse/locales/fr.json";
import SiteUsePage from "../../web/src/features/siteuse/pages/SiteUsePage";
import { type Answer, callsTo, fail, localeKeys, mockApi, ok, renderAt, setupPageTests, signIn } from "./page-support";

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

/** `site-use` answers `site`; the upload, when given, answers `upload` after a progress bar the test can watch. */
function mockSiteUse(site: Answer, upload?: Answer) {
  mockApi({ "site-use": site, ...(upload ? { "submit-job": upload } : {}) }, { uploadMs: 60 });
}
const sent = () => callsTo("submit-job").map((c) => c.body);

function renderPage(siteId = "3") {
  signIn({ userId: 7, userName: "Client", role: "client", userQuota: 120 }, []);
  renderAt(`/portal/site/use/${siteId}`, SiteUsePage, "/portal/site/use/:siteId");
}

const pdf = () => new File(["%PDF-1.4\n"], "thesis.pdf", { type: "application/pdf" });
const pick = (file: File) => fireEvent.change(screen.getByLabelText(en.document), { target: { files: [file] } });
const submitButton = () => screen.getByRole("button", { name: "Send for 10 points" }) as HTMLButtonElement;

setupPageTests({ siteuse: en });

describe("use a site", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
    expect(localeKeys(ar)).toEqual(localeKeys(en));
  });

  it("shows the site, its price, the balance and the size hint", async () => {
    mockSiteUse(ok(SITE));
    renderPage();
    expect(await screen.findByRole("heading", { name: "Similarity Check" })).toBeTruthy();
    expect(screen.getByText("120")).toBeTruthy();
    expect(screen.getByText("PDF, DOCX or TXT, up to 20 MB.")).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it("says a closed site cannot take documents at once, before any file is chosen, and offers none to choose", async () => {
    mockSiteUse(ok({ ...SITE, site: { ...SITE.site, available: false } }));
    renderPage();
    await screen.findByRole("heading", { name: "Similarity Check" });
    expect(screen.getByRole("alert").textContent).toContain(en.unavailable);
    expect(screen.queryByLabelText(en.document)).toBeNull();
    expect(screen.queryByRole("button", { name: "Send for 10 points" })).toBeNull();
  });

  it("uploads a PDF with a progress bar and links to the jobs", async () => {
    mockSiteUse(
      ok(SITE),
      ok({
        message: "Your document was sent to Similarity Check.",
        history: { fileName: "thesis.pdf", pointsSpent: 10, fileData: { uniqueId: "u".repeat(24), status: 0 } },
      }),
    );
    renderPage();
    await screen.findByRole("heading", { name: "Similarity Check" });
    pick(pdf());
    fireEvent.click(submitButton());
    const bar = await screen.findByRole("progressbar", { name: en.uploading });
    await waitFor(() => expect(bar.getAttribute("value")).toBe("50"));
    expect(await screen.findByText("thesis.pdf is queued. You will find the result in your jobs.")).toBeTruthy();
    expect(screen.getByRole("link", { name: en.seeJobs }).getAttribute("href")).toBe("/portal/history-user");
    expect(sent()[0]!.siteId).toBe("3");
    expect((sent()[0]!.file as File).name).toBe("thesis.pdf");
  });

  it("shows the server's text and a link to buy points when the points do not cover the price", async () => {
    const text = "You do not have enough points for this site: it costs 10 points and your balance is 4. Buy points to continue.";
    mockSiteUse(ok(SITE), { status: 409, body: { error: text, code: "insufficient_points" } });
    renderPage();
    await screen.findByRole("heading", { name: "Similarity Check" });
    pick(pdf());
    fireEvent.click(submitButton());
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole("link", { name: en.buyPoints }).getAttribute("href")).toBe("/portal/bundle");
  });

  it("refuses a file that is not PDF, DOCX or TXT before sending it", async () => {
    mockSiteUse(ok(SITE), ok({}));
    renderPage();
    await screen.findByRole("heading", { name: "Similarity Check" });
    pick(new File(["MZ"], "setup.exe"));
    expect(screen.getByText(en.wrongType)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    expect(sent()).toHaveLength(0);
  });

  it("warns up front when the balance is too low, with a link to buy points", async () => {
    mockSiteUse(ok({ ...SITE, userQuota: 4 }));
    renderPage();
    expect(await screen.findByText("This site costs 10 points and your balance is 4 points.")).toBeTruthy();
    expect(screen.getByRole("link", { name: en.buyPoints }).getAttribute("href")).toBe("/portal/bundle");
    pick(pdf());
    expect(submitButton().disabled).toBe(true);
  });

  it("shows a not-found state for an unknown or switched-off site", async () => {
    mockSiteUse(fail(404, "No such site, or it is not available."));
    renderPage("999");
    expect(await screen.findByText(en.notFound)).toBeTruthy();
  });
});
