import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import en from "../../web/src/features/store/locales/en.json";
import CustomerDetailsPage from "../../web/src/features/store/pages/CustomerDetailsPage";
import CustomerListPage from "../../web/src/features/store/pages/CustomerListPage";
import OrderDetailsPage from "../../web/src/features/store/pages/OrderDetailsPage";
import OrderListPage from "../../web/src/features/store/pages/OrderListPage";
import ProductAddPage from "../../web/src/features/store/pages/ProductAddPage";
import ProductListPage from "../../web/src/features/store/pages/ProductListPage";
import StoreDashboardPage from "../../web/src/features/store/pages/StoreDashboardPage";
import { callsTo, fail, listOf, mockApi, ok, renderAt, signInAsAdmin, setupPageTests } from "./page-support";

setupPageTests({ store: en });

const PRODUCTS = [
  {
    kind: "item",
    id: 3,
    name: "Pro plan",
    description: "Monthly",
    price: 1990,
    isActive: true,
    image: null,
    duration: 30,
    points: null,
    createdAt: "2026-11-01T00:00:00.000Z",
  },
  {
    kind: "bundle",
    id: 3,
    name: "",
    description: "",
    price: 500,
    isActive: false,
    image: null,
    duration: null,
    points: 50,
    createdAt: "2026-10-01T00:00:00.000Z",
  },
];

const CUSTOMER = {
  userId: 12,
  userName: "Ada Buyer",
  userEmail: "ada@example.test",
  userImage: null,
  userIsActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  lifetimeValue: 123450,
  orders: 4,
  balance: 75,
  activeSubscriptions: 2,
  lastOrderAt: "2026-11-20T10:00:00.000Z",
};

const PAYMENT = {
  referenceId: "Ref0000000000000000000001",
  userId: 12,
  userName: "Ada Buyer",
  userEmail: "ada@example.test",
  amount: 2000,
  currency: "USD",
  status: "partially_refunded",
  method: "bank",
  lines: [{ kind: "item", refId: 3, name: "Pro plan", unitPrice: 2000, qty: 1, lineTotal: 2000 }],
  note: "",
  hasProof: false,
  createdAt: "2026-11-20T10:00:00.000Z",
  paidAt: "2026-11-20T11:00:00.000Z",
  expiresAt: "2026-11-21T10:00:00.000Z",
  invoiceNumber: 17,
  card: null,
  refundedAmount: 500,
  netAmount: null,
  taxAmount: null,
  tax: null,
  buyer: null,
  unappliedCharge: null,
};

describe("the store's routes and menu", () => {
  it("declares every page for staff reading Sales, and E-commerce entries in apps and dashboards", () => {
    const paths = appRoutes.filter((r) => r.name.includes("ecommerce")).map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/apps/ecommerce/dashboard",
        "/dashboards/ecommerce",
        "/apps/ecommerce/product/list",
        "/apps/ecommerce/product/add",
        "/apps/ecommerce/product/category-list",
        "/apps/ecommerce/order/list",
        "/apps/ecommerce/order/details/:id",
        "/apps/ecommerce/customer/list",
        "/apps/ecommerce/customer/details/:id",
      ]),
    );
    for (const route of appRoutes.filter((r) => r.ns === "store"))
      expect(route.meta).toMatchObject({ action: "read", subject: "Sales" });
    const store = navItems.find((item) => item.title === "store:menu.ecommerce");
    expect(store).toMatchObject({ section: "apps", icon: "store" });
    expect(store!.children!.map((c) => c.to)).toContain("/apps/ecommerce/order/list");
    expect(navItems.find((item) => item.to === "/dashboards/ecommerce")).toMatchObject({ section: "dashboards" });
  });
});

describe("product list", () => {
  it("lists items and bundles, names a nameless bundle by its points, and sends kind, status and sort", async () => {
    signInAsAdmin();
    mockApi({ "search-product": listOf(PRODUCTS) });
    renderAt("/apps/ecommerce/product/list", ProductListPage);
    expect(await screen.findByText("Pro plan")).toBeTruthy();
    expect(screen.getByText("50 points pack")).toBeTruthy();
    expect(screen.getByText("$19.90")).toBeTruthy();
    expect(callsTo("search-product")[0]!.body).toMatchObject({ limit: 10, page: 1, sort: "newest" });
    fireEvent.change(screen.getByLabelText(en.products.kind), { target: { value: "bundle" } });
    await waitFor(() => expect(callsTo("search-product").at(-1)!.body).toMatchObject({ kind: "bundle" }));
    fireEvent.change(screen.getByLabelText(en.products.sort), { target: { value: "price_desc" } });
    await waitFor(() => expect(callsTo("search-product").at(-1)!.body).toMatchObject({ kind: "bundle", sort: "price_desc" }));
  });

  it("shows the empty and error states", async () => {
    signInAsAdmin();
    mockApi({ "search-product": listOf([]) });
    renderAt("/apps/ecommerce/product/list", ProductListPage);
    expect(await screen.findByText(en.products.empty)).toBeTruthy();
    mockApi({ "search-product": fail(500, "Something went wrong.") });
    renderAt("/apps/ecommerce/product/list?page=2", ProductListPage);
    expect(await screen.findByRole("button", { name: /retry|try again/i })).toBeTruthy();
  });
});

describe("product add", () => {
  it("makes a bundle through updatebundle and shows the server's field error", async () => {
    signInAsAdmin();
    mockApi({ updatebundle: fail(400, "The discount must be between 0 and 100.", "bundleDisc") });
    renderAt("/apps/ecommerce/product/add", ProductAddPage);
    fireEvent.click(screen.getByRole("radio", { name: en.kind.bundle }));
    fireEvent.change(screen.getByLabelText(en.productAdd.bundlePoin), { target: { value: "50" } });
    fireEvent.change(screen.getByLabelText(en.productAdd.bundlePPP), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: en.productAdd.save }));
    await waitFor(() => expect(callsTo("updatebundle")).toHaveLength(1));
    // The server's refusal lands on the field it names.
    const field = screen.getByLabelText(en.productAdd.bundleDisc);
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(callsTo("updatebundle")[0]!.body).toMatchObject({
      bundleId: 0,
      bundlePoin: 50,
      bundlePPP: 10,
      bundleDisc: 0,
      bundleIsActive: true,
    });
  });

  it("requires an item's name and price before calling the server", async () => {
    signInAsAdmin();
    mockApi({});
    renderAt("/apps/ecommerce/product/add", ProductAddPage);
    fireEvent.click(screen.getByRole("button", { name: en.productAdd.save }));
    expect(await screen.findByText(`The field "${en.productAdd.itemName}" is required.`)).toBeTruthy();
    expect(callsTo("updateitem")).toHaveLength(0);
  });
});

describe("orders", () => {
  it("lists payments with status, method and refunds, linking to their details", async () => {
    signInAsAdmin();
    mockApi({ "search-payment": listOf([PAYMENT]) });
    renderAt("/apps/ecommerce/order/list", OrderListPage);
    const link = await screen.findByRole("link", { name: "Invoice #17" });
    expect(link.getAttribute("href")).toBe(`/apps/ecommerce/order/details/${PAYMENT.referenceId}`);
    expect(screen.getAllByText(en.status.partially_refunded).length).toBeGreaterThan(0);
    expect(screen.getByText(en.method.bank)).toBeTruthy();
    expect(screen.getByText("$5.00 refunded")).toBeTruthy();
    // "Any status" sends no status (the contract refuses an empty one).
    expect(callsTo("search-payment")[0]!.body).not.toHaveProperty("status");
  });

  it("shows an order's lines, credit notes and timeline, and refunds it only after a reason", async () => {
    signInAsAdmin();
    mockApi({
      "invoice-detail": ok({ payment: PAYMENT, seller: {} }),
      "search-credit-note": listOf([
        { refundId: 1, creditNoteNumber: 3, status: "succeeded", reason: "Damaged", amount: 500, currency: "USD" },
      ]),
      "search-order-event": listOf([
        {
          auditId: 9,
          referenceId: PAYMENT.referenceId,
          action: "refund-payment",
          actorEmail: "boss@example.test",
          outcome: "ok",
          detail: {},
          createdAt: "2026-11-21T00:00:00.000Z",
        },
      ]),
      "refund-payment": ok({ message: "Refunded." }),
    });
    renderAt(`/apps/ecommerce/order/details/${PAYMENT.referenceId}`, OrderDetailsPage, "/apps/ecommerce/order/details/:id");
    expect(await screen.findByText(/Pro plan/)).toBeTruthy();
    expect(await screen.findByText(/Credit note #3/)).toBeTruthy();
    expect(await screen.findByText(/boss@example\.test/)).toBeTruthy();
    expect(callsTo("search-order-event")[0]!.body).toMatchObject({ referenceId: PAYMENT.referenceId });
    expect(screen.getByRole("link", { name: en.order.invoice }).getAttribute("href")).toBe(
      `/apps/invoice/preview/${PAYMENT.referenceId}`,
    );

    fireEvent.click(screen.getByRole("button", { name: en.order.refund }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund $15.00" }));
    expect(await within(dialog).findByText(`The field "${en.order.refundReason}" is required.`)).toBeTruthy();
    expect(callsTo("refund-payment")).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(en.order.refundReason), { target: { value: "Asked by mail" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund $15.00" }));
    await waitFor(() =>
      expect(callsTo("refund-payment")[0]!.body).toEqual({ referenceId: PAYMENT.referenceId, reason: "Asked by mail" }),
    );
  });
});

describe("customers", () => {
  it("lists clients with lifetime value, balance, subscriptions and last order", async () => {
    signInAsAdmin();
    mockApi({ "search-customer": listOf([CUSTOMER]) });
    renderAt("/apps/ecommerce/customer/list", CustomerListPage);
    expect(await screen.findByText("$1,234.50")).toBeTruthy();
    expect(screen.getByText("75 points")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Ada Buyer/ }).getAttribute("href")).toBe("/apps/ecommerce/customer/details/12");
  });

  it("shows one customer's figures and orders, with a link to their account", async () => {
    signInAsAdmin();
    mockApi({ "search-customer": listOf([CUSTOMER], 1, 1), "search-payment": listOf([PAYMENT]) });
    renderAt("/apps/ecommerce/customer/details/12", CustomerDetailsPage, "/apps/ecommerce/customer/details/:id");
    expect(await screen.findByRole("heading", { name: "Ada Buyer" })).toBeTruthy();
    expect(callsTo("search-customer")[0]!.body).toMatchObject({ userId: 12 });
    await waitFor(() => expect(callsTo("search-payment")[0]!.body).toMatchObject({ userId: 12 }));
    expect(screen.getByRole("link", { name: en.customer.viewUser }).getAttribute("href")).toBe("/apps/user/view/12");
    expect(await screen.findByRole("link", { name: "Invoice #17" })).toBeTruthy();
  });

  it("says a customer that does not exist is not found", async () => {
    signInAsAdmin();
    mockApi({ "search-customer": listOf([], 0, 1) });
    renderAt("/apps/ecommerce/customer/details/99", CustomerDetailsPage, "/apps/ecommerce/customer/details/:id");
    expect(await screen.findByText(en.customer.notFound)).toBeTruthy();
  });
});

describe("dashboard", () => {
  it("shows the period's figures and top products, and asks again for another range", async () => {
    signInAsAdmin();
    const days = Array.from({ length: 7 }, (_, i) => `2026-11-0${i + 1}`);
    mockApi({
      "store-stats": (body) =>
        ok({
          range: body.range,
          from: days[0],
          to: days[6],
          days,
          currency: "USD",
          kpis: {
            revenue: { current: 300000, previous: 150000 },
            orders: { current: 3, previous: 3 },
            averageOrderValue: { current: 100000, previous: 50000 },
            newCustomers: { current: 5, previous: 0 },
          },
          referrals: { newCustomers: { current: 0, previous: 0 }, revenue: { current: 0, previous: 0 } },
          series: { revenue: [0, 0, 300000, 0, 0, 0, 0], orders: [0, 0, 3, 0, 0, 0, 0] },
          topProducts: [{ kind: "bundle", refId: 3, name: "", points: 50, qty: 4, amount: 2000 }],
        }),
    });
    renderAt("/dashboards/ecommerce", StoreDashboardPage);
    expect(await screen.findByText("$3,000.00")).toBeTruthy();
    expect(screen.getByText("$1,000.00")).toBeTruthy();
    expect(screen.getByText("50 points pack")).toBeTruthy();
    expect(screen.getByText("Sold: 4")).toBeTruthy();
    expect(callsTo("store-stats")[0]!.body).toEqual({ range: 30 });
    fireEvent.click(screen.getByRole("button", { name: "90 days" }));
    await waitFor(() => expect(callsTo("store-stats").at(-1)!.body).toEqual({ range: 90 }));
  });
});
