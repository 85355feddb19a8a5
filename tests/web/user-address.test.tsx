import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADDRESS_LIMITS } from "../../worker/src/contract/users";
import en from "../../web/src/features/users/locales/en.json";
import UserViewPage from "../../web/src/features/users/pages/UserViewPage";
import { ADDRESS_INPUTS } from "../../web/src/lib/address";
import { callsTo, listOf, mockApi, ok, refuse, renderAt, setupPageTests, signIn, signInAsAdmin } from "./page-support";

/** The user view's address card and its edit dialog (updateuser's address fields, migration 0100). */

const NO_ADDRESS = { userAddressLine1: "", userAddressLine2: "", userCity: "", userPostalCode: "", userCountry: "" };
const ALICE = {
  userId: 5,
  userName: "Alice Martin",
  userEmail: "alice@example.test",
  userPhone: "+33 6 12 34 56 78",
  ...NO_ADDRESS,
  userImage: null,
  userRole: "client",
  userIsActive: true,
  userQuota: 40,
  userPlan: null,
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: "2026-01-02T00:00:00.000Z",
};
const LYON = {
  userAddressLine1: "12 rue des Lilas",
  userAddressLine2: "Bâtiment B",
  userCity: "Lyon",
  userPostalCode: "69003",
  userCountry: "France",
};

/** The user view's calls, Alice as given, every panel empty. */
function mockView(user: object, extra: Parameters<typeof mockApi>[0] = {}) {
  mockApi({
    searchuser: listOf([user]),
    "search-role": listOf([{ roleId: 2, roleName: "client" }]),
    "search-quota": ok({ userQuota: 40, data: [], total: 0, page: 1, limit: 10 }),
    "search-subscription": listOf([]),
    "search-history": listOf([]),
    "search-payment": listOf([]),
    "search-session": listOf([]),
    ...extra,
  });
}

async function openCard() {
  renderAt("/apps/user/view/5", UserViewPage, "/apps/user/view/:id");
  return screen.findByRole("region", { name: en.address });
}

setupPageTests({ users: en });

describe("user view: address", () => {
  it("adds an address: the dialog sends the five fields with the name and email only, and the card shows it", async () => {
    signInAsAdmin();
    mockView(ALICE, { updateuser: ok({ message: "User updated successfully!", user: { ...ALICE, ...LYON }, newImage: null }) });
    const card = await openCard();
    expect(within(card).getByText(en.addressEmpty)).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: en.addressAdd }));
    const dialog = await screen.findByRole("dialog", { name: "Address of Alice Martin" });
    const line1 = within(dialog).getByLabelText(en.addressLine1);
    expect(line1.getAttribute("autocomplete")).toBe("address-line1");
    fireEvent.change(line1, { target: { value: `  ${LYON.userAddressLine1} ` } });
    fireEvent.change(within(dialog).getByLabelText(en.addressLine2), { target: { value: LYON.userAddressLine2 } });
    fireEvent.change(within(dialog).getByLabelText(en.addressCity), { target: { value: LYON.userCity } });
    fireEvent.change(within(dialog).getByLabelText(en.addressPostalCode), { target: { value: LYON.userPostalCode } });
    fireEvent.change(within(dialog).getByLabelText(en.addressCountry), { target: { value: LYON.userCountry } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("User updated successfully!")).toBeTruthy();
    // Phone, role, status and password are left out, so the server keeps them.
    expect(callsTo("updateuser")[0]!.body).toEqual({
      userId: 5,
      userName: "Alice Martin",
      userEmail: "alice@example.test",
      ...LYON,
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Address of Alice Martin" })).toBeNull());
    const address = within(card).getByText("12 rue des Lilas").closest("address")!;
    expect(address.textContent).toBe("12 rue des LilasBâtiment B69003 LyonFrance");
    // Each line is isolated, so a Latin address reads right on an Arabic page.
    expect(address.querySelectorAll("span > bdi")).toHaveLength(4);
    expect(within(card).getByRole("button", { name: en.addressEdit })).toBeTruthy();
  });

  it("keeps what was typed and shows the server's refusal under the field it names", async () => {
    signInAsAdmin();
    mockView(
      { ...ALICE, ...LYON },
      { updateuser: refuse("userCity", "must not contain control characters or bidirectional overrides") },
    );
    const card = await openCard();
    fireEvent.click(within(card).getByRole("button", { name: en.addressEdit }));
    const dialog = await screen.findByRole("dialog", { name: "Address of Alice Martin" });
    const city = within(dialog).getByLabelText(en.addressCity) as HTMLInputElement;
    expect(city.value).toBe("Lyon");
    fireEvent.change(city, { target: { value: "Ly\u202Eon" } });
    // A blank field is sent blank: the server clears it.
    fireEvent.change(within(dialog).getByLabelText(en.addressLine2), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText('"City" must not contain control characters or bidirectional overrides.', { exact: false }),
    ).toBeTruthy();
    expect(city.getAttribute("aria-invalid")).toBe("true");
    expect(city.value).toBe("Ly\u202Eon");
    expect(callsTo("updateuser")[0]!.body).toMatchObject({ userCity: "Ly\u202Eon", userAddressLine2: "" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(within(card).getByText("69003 Lyon")).toBeTruthy();
  });

  it("shows the address without an edit button to those who may only read users", async () => {
    signIn({ userId: 4, userName: "Sam", role: "support" }, [{ action: "read", subject: "all" }]);
    mockView({ ...ALICE, ...LYON });
    const card = await openCard();
    expect(within(card).getByText("12 rue des Lilas")).toBeTruthy();
    expect(within(card).queryByRole("button")).toBeNull();
  });

  it("caps each field at the contract's length", () => {
    const maxLengths = Object.fromEntries(Object.entries(ADDRESS_INPUTS).map(([field, input]) => [field, input.maxLength]));
    expect(maxLengths).toEqual(ADDRESS_LIMITS);
  });
});
