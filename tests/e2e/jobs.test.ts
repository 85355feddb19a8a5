import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CLIENT, launch, newPage, signIn } from "./browser";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const REPORT = Buffer.from("%PDF-1.4\n% Similarity report: 23%\n%%EOF\n");

describe("a job from upload to downloaded report", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a client submits a PDF, the admin marks it done with a report, the client sees the similarity and downloads the report", async () => {
    const fileName = `e2e-thesis-${Date.now()}.pdf`;

    // The client (120 demo points) sends a document to the first seeded site (10 points).
    const client = await newPage(browser);
    await signIn(client.page, CLIENT);
    await client.page.waitForURL("**/access-control");
    await client.page.goto("/portal/site/use/1");
    await client.page.getByRole("heading", { name: "Similarity Check" }).waitFor();
    await client.page.getByLabel("Document").setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: PDF });
    await client.page.getByRole("button", { name: "Send for 10 points" }).click();
    await client.page.getByText(`${fileName} is queued.`).waitFor();
    await client.page.getByRole("link", { name: "See my jobs" }).click();
    await client.page.waitForURL("**/portal/history-user");
    const clientRow = client.page.getByRole("row").filter({ hasText: fileName });
    await clientRow.getByText("Queued").waitFor();

    // The admin finds it in the queue and marks it done with a similarity and a report.
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN);
    await admin.page.waitForURL("**/dashboards/crm");
    await admin.page.goto("/portal/history?status=0");
    const adminRow = admin.page.getByRole("row").filter({ hasText: fileName });
    await adminRow.getByRole("button", { name: "Mark done" }).click();
    const dialog = admin.page.getByRole("dialog", { name: `Result for ${fileName}` });
    await dialog.getByLabel("Result (%)").fill("23");
    await dialog
      .getByLabel("Report (PDF, DOCX or TXT)")
      .setInputFiles({ name: "similarity-report.pdf", mimeType: "application/pdf", buffer: REPORT });
    await dialog.getByRole("button", { name: "Mark done" }).click();
    await admin.page.getByText("The job is marked done.").waitFor();

    // The client's list refreshes by itself while the job is open: the result appears without a reload.
    await clientRow.getByText("Done").waitFor({ timeout: 20_000 });
    expect(await clientRow.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("23");

    await client.page.goto("/portal/download-page");
    const reportRow = client.page.getByRole("row").filter({ hasText: fileName });
    const [download] = await Promise.all([
      client.page.waitForEvent("download"),
      reportRow.getByRole("button", { name: "Download report" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("similarity-report.pdf");
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    expect((await readFile(path)).equals(REPORT)).toBe(true);

    expect(client.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
