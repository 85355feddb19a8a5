import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import common from "../../web/src/i18n/locales/en.json";
import en from "../../web/src/features/vendors/locales/en.json";
import VendorPage from "../../web/src/features/vendors/pages/VendorPage";
import { ok, fail, listOf, callsTo, mockApi, signInAsAdmin, renderAt, setupPageTests } from "./page-support";

setupPageTests({ vendors: en });

const SITES = listOf([
  { siteId: 1, siteName: "Similarity Check" },
  { siteId: 2, siteName: "Grammar Review" },
]);
const MAIL_ACCOUNT = {
  vendorId: 11,
  vendorSiteID: 1,
  siteName: "Similarity Check",
  vendorName: "Mail account",
  loginMethod: "email",
  vendorEmail: "vendor@example.com",
  vendorIsActive: true,
  hasSecret: true,
  lastUsedAt: "1970-01-01T00:00:00.000Z",
};

async function openNew() {
  fireEvent.click(await screen.findByRole("button", { name: en.addVendor }));
  const dialog = await screen.findByRole("dialog");
  await waitFor(() => expect(within(dialog).getByRole("option", { name: "Grammar Review" })).toBeTruthy());
  return dialog;
}

describe("vendor accounts page", () => {
  it("keeps search, site and status filters in the call", async () => {
    signInAsAdmin();
    mockApi({ searchvendor: listOf([MAIL_ACCOUNT]), searchsite: SITES });
    renderAt("/portal/vendor", VendorPage);
    expect(await screen.findByText("Mail account")).toBeTruthy();
    expect(screen.getByText(en.neverUsed)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("option", { name: "Grammar Review" })).toBeTruthy());
    fireEvent.change(screen.getByLabelText(en.filterSite), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText(common.status), { target: { value: "inactive" } });
    fireEvent.change(screen.getByLabelText(en.searchPlaceholder), { target: { value: "pool" } });
    await waitFor(() =>
      expect(callsTo("searchvendor").at(-1)!.body).toEqual({
        search: "pool",
        selectedVendor: "2",
        selectedStatus: "inactive",
        page: 1,
        limit: 10,
      }),
    );
  });

  it("sends only the cookie for a cookie login, and only email and password after switching", async () => {
    signInAsAdmin();
    mockApi({
      searchvendor: listOf([]),
      searchsite: SITES,
      updatevendor: ok({ message: "Vendor account created successfully!", vendor: MAIL_ACCOUNT }),
    });
    renderAt("/portal/vendor", VendorPage);
    let dialog = await openNew();
    fireEvent.change(within(dialog).getByLabelText(en.vendorSiteID), { target: { value: "2" } });
    fireEvent.change(within(dialog).getByLabelText(en.vendorName), { target: { value: "Shared cookie" } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await within(dialog).findByText(`The field "${en.vendorValue}" is required.`)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(en.vendorValue), { target: { value: "session=abc" } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText("Vendor account created successfully!")).toBeTruthy();
    expect(callsTo("updatevendor")[0]!.body).toEqual({
      vendorId: 0,
      vendorSiteID: 2,
      vendorName: "Shared cookie",
      vendorIsActive: true,
      loginMethod: "cookie",
      vendorValue: "session=abc",
    });

    dialog = await openNew();
    fireEvent.change(within(dialog).getByLabelText(en.vendorSiteID), { target: { value: "1" } });
    fireEvent.change(within(dialog).getByLabelText(en.vendorName), { target: { value: "Mail" } });
    fireEvent.change(within(dialog).getByLabelText(en.vendorValue), { target: { value: "typed then abandoned" } });
    fireEvent.click(within(dialog).getByLabelText(en.method_email));
    expect(within(dialog).queryByLabelText(en.vendorValue)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(en.vendorEmail), { target: { value: "v@example.com" } });
    fireEvent.change(within(dialog).getByLabelText(en.vendorPassword), { target: { value: "pw-123" } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    await waitFor(() => expect(callsTo("updatevendor")).toHaveLength(2));
    expect(callsTo("updatevendor")[1]!.body).toEqual({
      vendorId: 0,
      vendorSiteID: 1,
      vendorName: "Mail",
      vendorIsActive: true,
      loginMethod: "email",
      vendorEmail: "v@example.com",
      vendorPassword: "pw-123",
    });
  });

  it("lets an edit keep the stored secret by leaving it blank", async () => {
    signInAsAdmin();
    mockApi({
      searchvendor: listOf([MAIL_ACCOUNT]),
      searchsite: SITES,
      updatevendor: fail(400, "The vendor is busy."),
    });
    renderAt("/portal/vendor", VendorPage);
    fireEvent.click(await screen.findByRole("button", { name: common.edit }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(en.keepSecret)).toBeTruthy();
    expect((within(dialog).getByLabelText(en.vendorPassword) as HTMLInputElement).placeholder).toBe(en.keepSecretPlaceholder);
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText("Failed to save vendor account: The vendor is busy.")).toBeTruthy();
    const body = callsTo("updatevendor")[0]!.body;
    expect(body).toMatchObject({ vendorId: 11, loginMethod: "email", vendorEmail: "vendor@example.com" });
    expect(body).not.toHaveProperty("vendorPassword");
    expect(body).not.toHaveProperty("vendorValue");
    // Switching the method drops the stored secret, so the new one is required again.
    fireEvent.click(within(dialog).getByLabelText(en.method_cookie));
    expect(within(dialog).queryByText(en.keepSecret)).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await within(dialog).findByText(`The field "${en.vendorValue}" is required.`)).toBeTruthy();
    expect(callsTo("updatevendor")).toHaveLength(1);
  });

  it("asks before deleting and shows the spec's failure text", async () => {
    signInAsAdmin();
    mockApi({
      searchvendor: listOf([MAIL_ACCOUNT]),
      searchsite: SITES,
      deletevendor: fail(409, "This vendor account has queued jobs."),
    });
    renderAt("/portal/vendor", VendorPage);
    fireEvent.click(await screen.findByRole("button", { name: common.delete }));
    const confirm = await screen.findByRole("dialog");
    expect(callsTo("deletevendor")).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Failed to delete vendor account: This vendor account has queued jobs.")).toBeTruthy();
  });
});
