import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import common from "../../web/src/i18n/locales/en.json";
import en from "../../web/src/features/sites/locales/en.json";
import SitePage from "../../web/src/features/sites/pages/SitePage";
import { ok, fail, listOf, callsTo, mockApi, refuse, signIn, signInAsAdmin, renderAt, setupPageTests } from "./page-support";

setupPageTests({ sites: en });

const SITE = {
  siteId: 4,
  siteName: "Similarity Check",
  siteDesc: "Checks a document",
  sitePrice: 10,
  siteIsUse: true,
  siteImage: "/images/aa.png",
};
const PNG = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "logo.png", { type: "image/png" });

describe("sites page for a client", () => {
  it("shows usable sites with their price in points and a link to use each", async () => {
    signIn("client", [{ action: "read", subject: "Site" }]);
    mockApi({ searchsite: listOf([SITE]) });
    renderAt("/portal/site", SitePage);
    expect(await screen.findByText("Similarity Check")).toBeTruthy();
    expect(screen.getByText("10 points")).toBeTruthy();
    expect(screen.getByRole("link", { name: en.useSite }).getAttribute("href")).toBe("/portal/site/use/4");
    expect(screen.queryByRole("button", { name: en.addSite })).toBeNull();
    expect(screen.queryByLabelText(common.status)).toBeNull();
  });

  it("shows a site without an image as its initials on a coloured tile, in the cards and the admin table", async () => {
    const bare = { ...SITE, siteId: 5, siteName: "grammar review", siteImage: null };
    signIn("client", [{ action: "read", subject: "Site" }]);
    mockApi({ searchsite: listOf([SITE, bare]) });
    renderAt("/portal/site", SitePage);
    const cards = await screen.findAllByTestId("site-card");
    const tile = within(cards[1]!).getByTestId("thumbnail-placeholder");
    expect(tile.textContent).toBe("GR");
    expect(tile.getAttribute("aria-hidden")).toBe("true");
    expect(within(cards[0]!).queryByTestId("thumbnail-placeholder")).toBeNull();
    vi.unstubAllGlobals();
    signInAsAdmin();
    mockApi({ searchsite: listOf([SITE, bare]) });
    renderAt("/portal/site", SitePage);
    const row = await screen.findByRole("cell", { name: /grammar review/ });
    expect(within(row).getByTestId("thumbnail-placeholder").textContent).toBe("GR");
  });

  it("shows the empty state", async () => {
    signIn("client", [{ action: "read", subject: "Site" }]);
    mockApi({ searchsite: listOf([]) });
    renderAt("/portal/site", SitePage);
    expect(await screen.findByText(en.emptyClient)).toBeTruthy();
  });
});

describe("sites page for an admin", () => {
  it("requires every field with the spec's text, naming each by its label, before calling the server", async () => {
    signInAsAdmin();
    mockApi({ searchsite: listOf([SITE]) });
    renderAt("/portal/site", SitePage);
    fireEvent.click(await screen.findByRole("button", { name: en.addSite }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    const shown = async () => (await within(dialog).findAllByRole("alert")).map((a) => a.textContent);
    expect(await shown()).toEqual([
      `The field "${en.siteName}" is required.`,
      `The field "${en.siteDesc}" is required.`,
      `The field "${en.sitePrice}" is required.`,
    ]);
    fireEvent.change(within(dialog).getByLabelText(en.siteName), { target: { value: "Citations" } });
    fireEvent.change(within(dialog).getByLabelText(en.siteDesc), { target: { value: "   " } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await shown()).toEqual([`The field "${en.siteDesc}" is required.`, `The field "${en.sitePrice}" is required.`]);
    expect(callsTo("updatesite")).toHaveLength(0);
  });

  it("uploads the image with a preview and a progress bar, then shows the server's message and reloads", async () => {
    signInAsAdmin();
    const objectUrl = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:preview");
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    mockApi({ searchsite: listOf([SITE]), updatesite: ok({ message: "Site created successfully!", site: SITE }) });
    renderAt("/portal/site", SitePage);
    fireEvent.click(await screen.findByRole("button", { name: en.addSite }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(en.siteImageNew), { target: { files: [PNG] } });
    expect(within(dialog).getByAltText(en.imagePreview).getAttribute("src")).toBe("blob:preview");
    fireEvent.change(within(dialog).getByLabelText(en.siteName), { target: { value: "Citations" } });
    fireEvent.change(within(dialog).getByLabelText(en.siteDesc), { target: { value: "Checks references" } });
    fireEvent.change(within(dialog).getByLabelText(en.sitePrice), { target: { value: "7" } });
    const before = callsTo("searchsite").length;
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    const bar = await within(dialog).findByRole("progressbar", { name: en.uploading });
    await waitFor(() => expect(bar.getAttribute("value")).toBe("50"));
    expect(await screen.findByText("Site created successfully!")).toBeTruthy();
    const body = callsTo("updatesite")[0]!.body;
    expect(body).toMatchObject({
      siteId: "0",
      siteName: "Citations",
      siteDesc: "Checks references",
      sitePrice: "7",
      siteIsUse: "true",
    });
    expect(body.siteImageNew).toBeInstanceOf(File);
    await waitFor(() => expect(callsTo("searchsite").length).toBeGreaterThan(before));
    objectUrl.mockRestore();
    revoke.mockRestore();
  });

  it("shows the server's required-field text after the spec's prefix", async () => {
    signInAsAdmin();
    mockApi({ searchsite: listOf([SITE]), updatesite: refuse("siteDesc", "is required", "required") });
    renderAt("/portal/site", SitePage);
    fireEvent.click(await screen.findByRole("button", { name: common.edit }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText(`Failed to save site: The field "${en.siteDesc}" is required.`)).toBeTruthy();
    expect(within(dialog).getByLabelText(en.siteDesc).getAttribute("aria-invalid")).toBe("true");
  });

  it("asks before deleting and shows the server's reason when it refuses", async () => {
    signInAsAdmin();
    mockApi({ searchsite: listOf([SITE]), deletesite: fail(409, "This site has queued jobs.") });
    renderAt("/portal/site", SitePage);
    fireEvent.click(await screen.findByRole("button", { name: common.delete }));
    const confirm = await screen.findByRole("dialog");
    expect(callsTo("deletesite")).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Failed to delete site: This site has queued jobs.")).toBeTruthy();
  });
});
