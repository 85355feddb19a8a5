import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import en from "../../web/src/features/reviews/locales/en.json";
import itemsEn from "../../web/src/features/items/locales/en.json";
import ManageReviewPage from "../../web/src/features/reviews/pages/ManageReviewPage";
import ItemShopPage from "../../web/src/features/items/pages/ItemShopPage";
import { callsTo, listOf, mockApi, ok, renderAt, setupPageTests, signIn, signInAsAdmin } from "./page-support";

setupPageTests({ reviews: en, items: itemsEn });

const REVIEW = {
  reviewId: 5,
  itemId: 21,
  itemName: "Pro plan",
  userId: 7,
  userName: "Claire Client",
  rating: 4,
  text: "Works well\nخدمة جيدة",
  status: "pending",
  createdAt: "2026-11-30T10:00:00.000Z",
  updatedAt: "2026-11-30T10:00:00.000Z",
};
const PRO = {
  itemId: 21,
  itemName: "Pro plan",
  itemDesc: "",
  itemPrice: 2490,
  itemDuration: 90,
  itemUrl: "https://example.com/pro",
  itemImage: null,
  itemFile: null,
  itemIsActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
};

describe("manage reviews page", () => {
  it("is in the route table and the apps menu with the star icon", () => {
    expect(appRoutes.find((route) => route.path === "/apps/ecommerce/manage-review")?.ns).toBe("reviews");
    expect(navItems.find((item) => item.to === "/apps/ecommerce/manage-review")).toMatchObject({ section: "apps", icon: "star" });
  });

  it("lists reviews, filters by status and publishes one, then reloads", async () => {
    signInAsAdmin();
    mockApi({
      "search-review": listOf([REVIEW]),
      "moderate-review": ok({ message: "The review is published.", review: { ...REVIEW, status: "published" } }),
    });
    renderAt("/apps/ecommerce/manage-review", ManageReviewPage);
    expect(await screen.findByText(/Works well/)).toBeTruthy();
    expect(screen.getByRole("img", { name: "4 out of 5" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.status), { target: { value: "pending" } });
    await waitFor(() => expect(callsTo("search-review").at(-1)!.body).toEqual({ status: "pending", page: 1, limit: 10 }));
    const before = callsTo("search-review").length;
    fireEvent.click(screen.getByRole("button", { name: "Publish the review by Claire Client" }));
    expect(await screen.findByText("The review is published.")).toBeTruthy();
    expect(callsTo("moderate-review")[0]!.body).toEqual({ reviewId: 5, status: "published" });
    await waitFor(() => expect(callsTo("search-review").length).toBeGreaterThan(before));
  });
});

describe("the shop's reviews", () => {
  const CLIENT_RULES = [
    { action: "read", subject: "Item" },
    { action: "create", subject: "Payment" },
    { action: "read", subject: "Review" },
    { action: "create", subject: "Review" },
  ];

  it("shows an item's average and published reviews, and a holder writes one", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({
      searchitem: listOf([PRO], 1, 12),
      "search-review": ok({
        data: [{ ...REVIEW, status: "published" }],
        total: 1,
        page: 1,
        limit: 10,
        average: 4,
        count: 1,
        mine: null,
        canReview: true,
      }),
      "add-review": ok({ message: "Thank you: your review is saved and will show once it is published.", review: REVIEW }),
    });
    renderAt("/portal/item", ItemShopPage);
    fireEvent.click(await screen.findByRole("button", { name: itemsEn.reviews }));
    const dialog = await screen.findByRole("dialog", { name: "Reviews of Pro plan" });
    expect(await within(dialog).findByText(/Works well/)).toBeTruthy();
    expect(within(dialog).getByTestId("review-average").textContent).toContain("4 out of 5");
    expect(callsTo("search-review")[0]!.body).toEqual({ itemId: 21, limit: 10, page: 1 });
    fireEvent.change(within(dialog).getByLabelText(itemsEn.yourRating), { target: { value: "5" } });
    fireEvent.change(within(dialog).getByLabelText(itemsEn.yourReview), { target: { value: "Excellent" } });
    fireEvent.click(within(dialog).getByRole("button", { name: itemsEn.sendReview }));
    await waitFor(() => expect(callsTo("add-review")[0]!.body).toEqual({ itemId: 21, rating: 5, text: "Excellent" }));
  });

  it("offers no form to a client who never held the item", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({
      searchitem: listOf([PRO], 1, 12),
      "search-review": ok({ data: [], total: 0, page: 1, limit: 10, average: null, count: 0, mine: null, canReview: false }),
    });
    renderAt("/portal/item", ItemShopPage);
    fireEvent.click(await screen.findByRole("button", { name: itemsEn.reviews }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(itemsEn.noReviews)).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: itemsEn.sendReview })).toBeNull();
  });
});
