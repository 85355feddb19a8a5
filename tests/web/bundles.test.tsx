import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import common from "../../web/src/i18n/locales/en.json";
import en from "../../web/src/features/bundles/locales/en.json";
import BundlePage from "../../web/src/features/bundles/pages/BundlePage";
import { ok, fail, listOf, callsTo, mockApi, refuse, signIn, signInAsAdmin, renderAt, setupPageTests } from "./page-support";

setupPageTests({ bundles: en });

/** A bundle's texts (API fields), none by default. */
const NO_TEXTS = { bundleName: "", bundleNameFr: "", bundleNameAr: "", bundleDesc: "", bundleDescFr: "", bundleDescAr: "" };
const SETTINGS = ok({ siteName: "Portal", currency: "USD", languageSwitcher: false });
const B100 = { bundleId: 7, bundlePoin: 100, bundlePPP: 10, bundleDisc: 5, bundlePrice: 950, bundleIsActive: true, ...NO_TEXTS };
const B50 = { bundleId: 8, bundlePoin: 50, bundlePPP: 10, bundleDisc: 0, bundlePrice: 500, bundleIsActive: false, ...NO_TEXTS };
const CLIENT_RULES = [
  { action: "read", subject: "Bundle" },
  { action: "create", subject: "Payment" },
  { action: "manage", subject: "Cart", conditions: { userId: 2 } },
];

describe("bundles page for a client", () => {
  it("shows the cards with the server's price and adds a bundle to the cart", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf([B100], 1, 12),
      updatecart: ok({ message: "Added to your cart." }),
    });
    renderAt("/portal/bundle", BundlePage);
    expect(await screen.findByText("100 points")).toBeTruthy();
    expect(screen.getByText("$9.50")).toBeTruthy();
    expect(screen.queryByRole("button", { name: en.addBundle })).toBeNull();
    expect(screen.queryByRole("button", { name: common.edit })).toBeNull();
    expect(callsTo("searchbundle")[0]!.body).toEqual({ page: 1, limit: 12 });
    fireEvent.click(screen.getByRole("button", { name: en.addToCart }));
    expect(await screen.findByText("Added to your cart.")).toBeTruthy();
    expect(callsTo("updatecart")[0]!.body).toEqual({ kind: "bundle", refId: 7, qty: 1 });
  });

  it("tells bundles apart by their names and descriptions, the points under the name", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf(
        [
          { ...B100, bundleName: "Starter", bundleDesc: "To try a few checks." },
          { ...B100, bundleId: 9, bundleName: "Team", bundleNameFr: "Équipe" },
        ],
        2,
        12,
      ),
    });
    renderAt("/portal/bundle", BundlePage);
    const cards = await screen.findAllByTestId("bundle-card");
    expect(within(cards[0]!).getByRole("heading").textContent).toBe("Starter100 points");
    expect(within(cards[0]!).getByText("To try a few checks.")).toBeTruthy();
    expect(within(cards[1]!).getByRole("heading").textContent).toBe("Team100 points");
  });

  it("prices a point after the discount (250 points for $22.50: $0.09) and says 1 point, not 1 points", async () => {
    signIn("client", CLIENT_RULES);
    const b250 = { bundleId: 9, bundlePoin: 250, bundlePPP: 10, bundleDisc: 10, bundlePrice: 2250, bundleIsActive: true };
    const b1 = { bundleId: 10, bundlePoin: 1, bundlePPP: 10, bundleDisc: 0, bundlePrice: 10, bundleIsActive: true };
    mockApi({ "app-settings": SETTINGS, searchbundle: listOf([b250, b1], 2, 12) });
    renderAt("/portal/bundle", BundlePage);
    const [first, second] = await screen.findAllByTestId("bundle-card");
    expect(within(first!).getByText("$22.50")).toBeTruthy();
    expect(within(first!).getByText(/\$0\.09 per point/)).toBeTruthy();
    expect(within(second!).getByRole("heading", { name: "1 point" })).toBeTruthy();
    expect(within(second!).getByText(/\$0\.10 per point/)).toBeTruthy();
  });

  it("buys now: checkout for this bundle, then the payment page", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf([B100], 1, 12),
      checkout: ok({ message: "ok", referenceId: "ref_abc-123", amount: 950 }),
    });
    const location = renderAt("/portal/bundle", BundlePage);
    fireEvent.click(await screen.findByRole("button", { name: en.buy }));
    await waitFor(() => expect(location.history!.at(-1)).toBe("/payment/ref_abc-123"));
    expect(callsTo("checkout")[0]!.body).toEqual({ kind: "bundle", refId: 7 });
  });

  it("shows the empty state and, when the search fails, logs it and shows an error state", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({ "app-settings": SETTINGS, searchbundle: listOf([], 0, 12) });
    renderAt("/portal/bundle", BundlePage);
    expect(await screen.findByText(en.empty)).toBeTruthy();
    vi.unstubAllGlobals();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockApi({ "app-settings": SETTINGS, searchbundle: fail(500, "boom") });
    renderAt("/portal/bundle?page=2", BundlePage);
    expect(await screen.findByText(common.errorTitle)).toBeTruthy();
    expect(log).toHaveBeenCalledWith("Network response was not ok");
    log.mockRestore();
  });
});

describe("bundles page for an admin", () => {
  it("filters by status and saves a new bundle, showing the server's message", async () => {
    signInAsAdmin();
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf([B100, B50], 2, 12),
      updatebundle: ok({ message: "Bundle created successfully!", bundle: B100 }),
    });
    const location = renderAt("/portal/bundle", BundlePage);
    expect(await screen.findByText("50 points")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.filterStatus), { target: { value: "inactive" } });
    await waitFor(() => expect(callsTo("searchbundle").at(-1)!.body).toMatchObject({ isActive: "inactive", page: 1, limit: 12 }));
    expect(location.history!.at(-1)).toContain("isActive=inactive");
    fireEvent.click(screen.getByRole("button", { name: en.addBundle }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await within(dialog).findByText('The field "Points" is required.')).toBeTruthy();
    expect(callsTo("updatebundle")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(en.bundlePoin), { target: { value: "200" } });
    fireEvent.change(within(dialog).getByLabelText(en.bundlePPP), { target: { value: "3" } });
    fireEvent.change(within(dialog).getByLabelText(en.bundleDisc), { target: { value: "50" } });
    expect(within(dialog).getByText("Price: $3.00")).toBeTruthy();
    const before = callsTo("searchbundle").length;
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText("Bundle created successfully!")).toBeTruthy();
    expect(callsTo("updatebundle")[0]!.body).toEqual({
      bundleId: 0,
      bundlePoin: 200,
      bundlePPP: 3,
      bundleDisc: 50,
      bundleIsActive: true,
      ...NO_TEXTS,
    });
    await waitFor(() => expect(callsTo("searchbundle").length).toBeGreaterThan(before));
  });

  it("names and describes a bundle per language in its dialog, and sends each text", async () => {
    signInAsAdmin();
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf([{ ...B100, bundleName: "Starter", bundleNameAr: "البداية" }], 1, 12),
      updatebundle: ok({ message: "Bundle updated successfully!", bundle: B100 }),
    });
    renderAt("/portal/bundle", BundlePage);
    fireEvent.click(await screen.findByRole("button", { name: common.edit }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText(en.bundleName) as HTMLInputElement).value).toBe("Starter");
    expect(within(dialog).getByLabelText(en.bundleNameAr).getAttribute("dir")).toBe("rtl");
    fireEvent.change(within(dialog).getByLabelText(en.bundleNameFr), { target: { value: "Découverte" } });
    fireEvent.change(within(dialog).getByLabelText(en.bundleDesc), { target: { value: "To try a few checks." } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText("Bundle updated successfully!")).toBeTruthy();
    expect(callsTo("updatebundle")[0]!.body).toMatchObject({
      bundleId: 7,
      bundleName: "Starter",
      bundleNameFr: "Découverte",
      bundleNameAr: "البداية",
      bundleDesc: "To try a few checks.",
      bundleDescFr: "",
      bundleDescAr: "",
    });
  });

  it("shows the spec's save and delete failure texts with the server's reason", async () => {
    signInAsAdmin();
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf([B100], 1, 12),
      updatebundle: refuse("bundleDisc", "must be a whole number"),
      deletebundle: fail(404, "No such bundle."),
    });
    renderAt("/portal/bundle", BundlePage);
    fireEvent.click(await screen.findByRole("button", { name: common.edit }));
    const dialog = await screen.findByRole("dialog");
    // The browser's own range check holds: nothing is sent.
    fireEvent.change(within(dialog).getByLabelText(en.bundleDisc), { target: { value: "120" } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(`The field "${en.bundleDisc}" must be at most 100.`);
    expect(callsTo("updatebundle")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(en.bundleDisc), { target: { value: "15" } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText(`Failed to save bundle: The field "${en.bundleDisc}" must be a whole number.`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: common.cancel }));
    fireEvent.click(screen.getByRole("button", { name: common.delete }));
    const confirm = await screen.findByRole("dialog");
    expect(callsTo("deletebundle")).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Failed to delete bundle: No such bundle.")).toBeTruthy();
    expect(callsTo("deletebundle")[0]!.body).toEqual({ bundleId: 7 });
  });
});

describe("a bundle's validity", () => {
  it("is a whole number of days from 1 to 3650 in the dialog; blank sends nothing for a new bundle", async () => {
    signInAsAdmin();
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf([B100], 1, 12),
      updatebundle: ok({ message: "Bundle created successfully!", bundle: B100 }),
    });
    renderAt("/portal/bundle", BundlePage);
    fireEvent.click(await screen.findByRole("button", { name: en.addBundle }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(en.bundleValidDaysHint)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(en.bundlePoin), { target: { value: "200" } });
    fireEvent.change(within(dialog).getByLabelText(en.bundlePPP), { target: { value: "3" } });
    fireEvent.change(within(dialog).getByLabelText(en.bundleValidDays), { target: { value: "4000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      `The field "${en.bundleValidDays}" must be at most 3650.`,
    );
    expect(callsTo("updatebundle")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(en.bundleValidDays), { target: { value: "90" } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText("Bundle created successfully!")).toBeTruthy();
    expect(callsTo("updatebundle")[0]!.body).toMatchObject({ bundleId: 0, bundlePoin: 200, bundleValidDays: 90 });
  });

  it("shows an edited bundle's validity, and clearing it sends null (never expire)", async () => {
    signInAsAdmin();
    mockApi({
      "app-settings": SETTINGS,
      searchbundle: listOf([{ ...B100, bundleValidDays: 30 }], 1, 12),
      updatebundle: ok({ message: "Bundle updated successfully!", bundle: B100 }),
    });
    renderAt("/portal/bundle", BundlePage);
    expect((await screen.findByTestId("bundle-validity")).textContent).toBe("Points valid 30 days after purchase");
    fireEvent.click(screen.getByRole("button", { name: common.edit }));
    const dialog = await screen.findByRole("dialog");
    const field = within(dialog).getByLabelText(en.bundleValidDays) as HTMLInputElement;
    expect(field.value).toBe("30");
    fireEvent.change(field, { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText("Bundle updated successfully!")).toBeTruthy();
    expect(callsTo("updatebundle")[0]!.body).toMatchObject({ bundleId: 7, bundleValidDays: null });
  });

  it("is not shown on a card whose points never expire", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({ "app-settings": SETTINGS, searchbundle: listOf([{ ...B100, bundleValidDays: null }], 1, 12) });
    renderAt("/portal/bundle", BundlePage);
    expect(await screen.findByText("100 points")).toBeTruthy();
    expect(screen.queryByTestId("bundle-validity")).toBeNull();
  });
});
