import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import i18n from "i18next";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import common from "../../web/src/i18n/locales/en.json";
import commonFr from "../../web/src/i18n/locales/fr.json";
import en from "../../web/src/features/items/locales/en.json";
import fr from "../../web/src/features/items/locales/fr.json";
import ItemSettingPage from "../../web/src/features/items/pages/ItemSettingPage";
import ItemShopPage from "../../web/src/features/items/pages/ItemShopPage";
import { ok, fail, listOf, callsTo, mockApi, signIn, signInAsAdmin, renderAt, setupPageTests, type Answer } from "./page-support";

setupPageTests({ items: en });

const SETTINGS = ok({ siteName: "Portal", currency: "USD", languageSwitcher: false });
const PRO = {
  itemId: 21,
  itemName: "Pro plan",
  itemDesc: "Three months",
  itemPrice: 2490,
  itemDuration: 90,
  itemUrl: "https://example.com/pro",
  itemImage: "/images/aa.png",
  itemFile: "guide.pdf",
  itemIsActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
};
const CLIENT_RULES = [
  { action: "read", subject: "Item" },
  { action: "create", subject: "Payment" },
];

describe("shop", () => {
  it("shows item cards with price and duration, and sends search and sort", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({ "app-settings": SETTINGS, searchitem: listOf([PRO], 1, 12) });
    const location = renderAt("/portal/item", ItemShopPage);
    expect(await screen.findByText("Pro plan")).toBeTruthy();
    expect(screen.getByText("$24.90")).toBeTruthy();
    expect(screen.getByText("90 days of access")).toBeTruthy();
    expect(callsTo("searchitem")[0]!.body).toEqual({ search: "", sort: "newest", page: 1, limit: 12 });
    fireEvent.change(screen.getByLabelText(en.sort), { target: { value: "price_desc" } });
    fireEvent.change(screen.getByLabelText(en.searchPlaceholder), { target: { value: "pro" } });
    await waitFor(() =>
      expect(callsTo("searchitem").at(-1)!.body).toEqual({ search: "pro", sort: "price_desc", page: 1, limit: 12 }),
    );
    expect(location.history!.at(-1)).toContain("sort=price_desc");
  });

  it("adds to the cart and buys now with kind item", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({
      "app-settings": SETTINGS,
      searchitem: listOf([PRO], 1, 12),
      updatecart: ok({ message: "Added to your cart." }),
      checkout: ok({ message: "ok", referenceId: "ref_item-1", amount: 2490 }),
    });
    const location = renderAt("/portal/item", ItemShopPage);
    fireEvent.click(await screen.findByRole("button", { name: en.addToCart }));
    expect(await screen.findByText("Added to your cart.")).toBeTruthy();
    expect(callsTo("updatecart")[0]!.body).toEqual({ kind: "item", refId: 21, qty: 1 });
    fireEvent.click(screen.getByRole("button", { name: en.buy }));
    await waitFor(() => expect(location.history!.at(-1)).toBe("/payment/ref_item-1"));
    expect(callsTo("checkout")[0]!.body).toEqual({ kind: "item", refId: 21 });
  });

  it("shows the no-match state for a search without results", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({ "app-settings": SETTINGS, searchitem: listOf([], 0, 12) });
    renderAt("/portal/item?search=zzz", ItemShopPage);
    expect(await screen.findByText(en.noMatch)).toBeTruthy();
  });
});

describe("item settings", () => {
  it("after a save, resets search and sort to their defaults and reloads the list", async () => {
    signInAsAdmin();
    mockApi({
      "app-settings": SETTINGS,
      searchitem: listOf([PRO], 1, 12),
      updateitem: ok({ message: "Item updated successfully!", item: PRO }),
    });
    const location = renderAt("/portal/itemSetting?search=pro&sort=name", ItemSettingPage);
    await screen.findByText("Pro plan");
    expect(callsTo("searchitem")[0]!.body).toMatchObject({ search: "pro", sort: "name" });
    fireEvent.click(screen.getByRole("button", { name: common.edit }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(en.currentFile.replace("{{name}}", "guide.pdf"))).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(en.itemName), { target: { value: "Pro plan 2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await within(dialog).findByRole("progressbar", { name: en.uploading })).toBeTruthy();
    expect(await screen.findByText("Item updated successfully!")).toBeTruthy();
    expect(callsTo("updateitem")[0]!.body).toMatchObject({
      itemId: "21",
      itemName: "Pro plan 2",
      itemPrice: "2490",
      itemDuration: "90",
      itemIsActive: "true",
    });
    await waitFor(() => expect(callsTo("searchitem").at(-1)!.body).toMatchObject({ search: "", sort: "newest", page: 1 }));
    expect(location.history!.at(-1)).toBe("/portal/itemSetting");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("checks required fields, then shows the spec's save failure text", async () => {
    signInAsAdmin();
    mockApi({
      "app-settings": SETTINGS,
      searchitem: listOf([PRO], 1, 12),
      updateitem: fail(415, 'The file "itemImageNew" must be one of: PNG, JPEG, WEBP.', "itemImageNew"),
    });
    renderAt("/portal/itemSetting", ItemSettingPage);
    fireEvent.click(await screen.findByRole("button", { name: en.addItem }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await within(dialog).findByText(`The field "${en.itemName}" is required.`)).toBeTruthy();
    expect(callsTo("updateitem")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(en.itemName), { target: { value: "Plan" } });
    fireEvent.change(within(dialog).getByLabelText(en.itemPrice), { target: { value: "100" } });
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    // Without the server's reason the field is named by its label with a generic text, never by its wire name.
    expect(await screen.findByText(`Failed to save item: The field "${en.itemImageNew}" is not valid.`)).toBeTruthy();
    expect(within(dialog).getByRole("alert").textContent).toBe(`The field "${en.itemImageNew}" is not valid.`);
  });

  it("after a delete, resets search and sort and reloads; a failure shows the spec's text", async () => {
    signInAsAdmin();
    let deleted = false;
    mockApi({
      "app-settings": SETTINGS,
      searchitem: () => listOf(deleted ? [] : [PRO], deleted ? 0 : 1, 12),
      deleteitem: () => {
        deleted = true;
        return ok({ message: "Item deleted successfully!" });
      },
    });
    renderAt("/portal/itemSetting?sort=price_asc", ItemSettingPage);
    fireEvent.click(await screen.findByRole("button", { name: common.delete }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Item deleted successfully!")).toBeTruthy();
    expect(await screen.findByText(en.emptySetting)).toBeTruthy();
    expect(callsTo("searchitem").at(-1)!.body).toMatchObject({ sort: "newest", search: "" });

    vi.unstubAllGlobals();
    mockApi({
      "app-settings": SETTINGS,
      searchitem: listOf([PRO], 1, 12),
      deleteitem: fail(409, "This item has subscriptions."),
    });
    renderAt("/portal/itemSetting", ItemSettingPage);
    const rows = await screen.findAllByRole("button", { name: common.delete });
    fireEvent.click(rows.at(-1)!);
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: common.delete }));
    expect(await screen.findByText("Failed to delete item: This item has subscriptions.")).toBeTruthy();
  });

  it("pages the item settings by 12, and its size selector shows 12 among the spec's choices (issue 15)", async () => {
    signInAsAdmin();
    mockApi({ "app-settings": SETTINGS, searchitem: listOf([PRO], 1, 12) });
    renderAt("/portal/itemSetting", ItemSettingPage);
    await screen.findByText(PRO.itemName);
    expect(callsTo("searchitem")[0]!.body).toMatchObject({ limit: 12, page: 1 });
    const sizes = screen.getByRole("combobox", { name: common.rowsPerPage }) as HTMLSelectElement;
    expect(sizes.value).toBe("12");
    expect([...sizes.options].map((o) => Number(o.value))).toEqual([5, 10, 12, 20, 25, 50, 100]);
  });
});

const itemUrlRefused = (reason: string, error: string): Answer => ({
  status: 400,
  body: { error, code: "invalid_input", field: "itemUrl", reason },
});

/** The item settings page for an admin, `updateitem` answering `saved`. */
function renderSettings(saved: Answer = ok({ message: "Saved." })) {
  signInAsAdmin();
  mockApi({ "app-settings": SETTINGS, searchitem: listOf([PRO], 1, 12), updateitem: saved });
  renderAt("/portal/itemSetting", ItemSettingPage);
}

/** Opens the add-item dialog with the required fields filled in and `url` as the link. */
async function fillNewItem(labels: typeof en, url: string) {
  fireEvent.click(await screen.findByRole("button", { name: labels.addItem }));
  const dialog = await screen.findByRole("dialog");
  fireEvent.change(within(dialog).getByLabelText(labels.itemName), { target: { value: "Plan" } });
  fireEvent.change(within(dialog).getByLabelText(labels.itemPrice), { target: { value: "100" } });
  fireEvent.change(within(dialog).getByLabelText(labels.itemUrl), { target: { value: url } });
  return dialog;
}

describe("item form errors", () => {
  it("name the field by its label inline and in the toast, never by its wire name", async () => {
    renderSettings(itemUrlRefused("is not valid", 'The field "itemUrl" is not valid.'));
    const dialog = await fillNewItem(en, "https://example.com/pro");
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText(`Failed to save item: The field "${en.itemUrl}" is not valid.`)).toBeTruthy();
    const input = within(dialog).getByLabelText(en.itemUrl);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByRole("alert").textContent).toBe(`The field "${en.itemUrl}" is not valid.`);
    expect(document.body.textContent).not.toContain("itemUrl");
  });

  it("keep the browser's own check of a web address: a bad one is refused before anything is sent", async () => {
    renderSettings();
    const dialog = await fillNewItem(en, "not a web address");
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      `The field "${en.itemUrl}" must be a full web address, such as https://example.com.`,
    );
    expect(document.activeElement).toBe(within(dialog).getByLabelText(en.itemUrl));
    expect(callsTo("updateitem")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(en.itemUrl), { target: { value: "https://example.com/pro" } });
    expect(within(dialog).queryByRole("alert")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: common.save }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(callsTo("updateitem")[0]!.body).toMatchObject({ itemUrl: "https://example.com/pro" });
  });

  describe("in French", () => {
    beforeAll(async () => {
      i18n.addResourceBundle("fr", "common", commonFr);
      i18n.addResourceBundle("fr", "items", fr);
      await i18n.changeLanguage("fr");
    });
    afterAll(() => i18n.changeLanguage("en"));

    it("word the server's reason with the French label", async () => {
      renderSettings(itemUrlRefused("n’est pas une adresse web", "Le champ « itemUrl » n’est pas une adresse web."));
      const dialog = await fillNewItem(fr, "https://example.com/pro");
      fireEvent.click(within(dialog).getByRole("button", { name: commonFr.save }));
      const text = `Le champ « ${fr.itemUrl} » n’est pas une adresse web.`;
      expect(await screen.findByText(fr.saveFailed + text)).toBeTruthy();
      expect(within(dialog).getByRole("alert").textContent).toBe(text);
      expect(document.body.textContent).not.toContain("itemUrl");
    });

    it("word a required field and a bad web address with the French labels", async () => {
      renderSettings();
      fireEvent.click(await screen.findByRole("button", { name: fr.addItem }));
      const dialog = await screen.findByRole("dialog");
      fireEvent.change(within(dialog).getByLabelText(fr.itemUrl), { target: { value: "pas une adresse" } });
      fireEvent.click(within(dialog).getByRole("button", { name: commonFr.save }));
      expect(await within(dialog).findByText(`Le champ « ${fr.itemName} » est obligatoire.`)).toBeTruthy();
      expect(
        within(dialog).getByText(`Le champ « ${fr.itemUrl} » doit être une adresse web complète, comme https://example.com.`),
      ).toBeTruthy();
      expect(callsTo("updateitem")).toHaveLength(0);
    });
  });
});

describe("item pictures", () => {
  it("shows a designed placeholder with the item's initials where it has no image, in the shop and the table", async () => {
    signInAsAdmin();
    const plain = { ...PRO, itemId: 22, itemName: "Basic access", itemImage: null };
    mockApi({ "app-settings": SETTINGS, searchitem: listOf([PRO, plain], 2, 12) });
    renderAt("/portal/itemSetting", ItemSettingPage);
    await screen.findByText("Basic access");
    const placeholders = screen.getAllByTestId("thumbnail-placeholder");
    expect(placeholders.map((p) => p.textContent)).toEqual(["BA"]);
    expect(placeholders[0]!.getAttribute("aria-hidden")).toBe("true");
    expect(placeholders[0]!.className).toMatch(/bg-(\w+) text-\1-content/);

    vi.unstubAllGlobals();
    signIn("client", CLIENT_RULES);
    mockApi({ "app-settings": SETTINGS, searchitem: listOf([PRO, plain], 2, 12) });
    renderAt("/portal/item", ItemShopPage);
    const cards = await screen.findAllByTestId("item-card");
    expect(within(cards[1]!).getByTestId("thumbnail-placeholder").textContent).toBe("BA");
    expect(within(cards[0]!).queryByTestId("thumbnail-placeholder")).toBeNull();
    expect(cards[0]!.querySelector("img")!.getAttribute("src")).toBe("/images/aa.png");
  });
});
