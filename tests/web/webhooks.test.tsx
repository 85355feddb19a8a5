import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import ar from "../../web/src/features/webhooks/locales/ar.json";
import en from "../../web/src/features/webhooks/locales/en.json";
import WebhooksPage from "../../web/src/features/webhooks/pages/WebhooksPage";
import {
  callsTo,
  fail,
  inArabic,
  listOf,
  mockApi,
  ok,
  refuse,
  renderAt,
  setupPageTests,
  signIn,
  signInAsAdmin,
} from "./page-support";

setupPageTests({ webhooks: en });

const PAGE = "/apps/settings/webhooks";
const ENDPOINT = {
  webhookId: 3,
  url: "https://hooks.example.com/portal",
  events: ["job.queued", "payment.confirmed"],
  active: true,
  failingSince: null,
  disabledAt: null,
  createdAt: "2026-12-01T10:00:00.000Z",
};
const DELIVERY = {
  deliveryId: 9,
  webhookId: 3,
  url: ENDPOINT.url,
  eventId: "evt_abc",
  eventType: "job.queued",
  status: "failed",
  attempts: 3,
  responseStatus: 500,
  lastError: "answered 500",
  createdAt: "2026-12-01T11:00:00.000Z",
  deliveredAt: null,
};

describe("webhooks page", () => {
  it("is in the route table and the admin menu", () => {
    expect(appRoutes.find((route) => route.path === PAGE)?.ns).toBe("webhooks");
    expect(navItems.find((item) => item.to === PAGE)).toMatchObject({ section: "admin", icon: "webhook", subject: "Webhook" });
  });

  it("adds an endpoint with the chosen events and shows its secret once", async () => {
    signInAsAdmin();
    mockApi({
      "search-webhook": ok({ webhooks: [] }),
      "search-webhook-delivery": listOf([]),
      "update-webhook": ok({ message: "Endpoint created.", webhook: ENDPOINT, secret: "whsec_shown_once" }),
    });
    renderAt(PAGE, WebhooksPage);
    expect(await screen.findByText(en.noEndpoints)).toBeTruthy();
    expect(await screen.findByText(en.noDeliveries)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(en.url, { exact: false }), {
      target: { value: " https://hooks.example.com/portal " },
    });
    fireEvent.click(screen.getByLabelText("job.finished"));
    fireEvent.click(screen.getByLabelText("payment.confirmed"));
    fireEvent.click(screen.getByRole("button", { name: en.create }));
    expect((await screen.findByTestId("new-webhook-secret")).textContent).toBe("whsec_shown_once");
    expect(callsTo("update-webhook")[0]!.body).toEqual({
      webhookId: 0,
      url: "https://hooks.example.com/portal",
      events: ["job.queued", "payment.confirmed"],
      active: true,
    });
    fireEvent.click(screen.getByRole("button", { name: en.done }));
    await waitFor(() => expect(screen.queryByTestId("new-webhook-secret")).toBeNull());
  });

  it("shows the server's refusal of an address under the field", async () => {
    signInAsAdmin();
    mockApi({
      "search-webhook": ok({ webhooks: [] }),
      "search-webhook-delivery": listOf([]),
      "update-webhook": refuse("url", "must be a public address"),
    });
    renderAt(PAGE, WebhooksPage);
    fireEvent.change(await screen.findByLabelText(en.url, { exact: false }), { target: { value: "https://10.0.0.1/x" } });
    fireEvent.click(screen.getByRole("button", { name: en.create }));
    expect(await screen.findByText(`${en.saveFailed}The field "${en.url}" must be a public address.`)).toBeTruthy();
    expect(screen.getByLabelText(en.url, { exact: false }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByTestId("new-webhook-secret")).toBeNull();
  });

  it("lists endpoints and the delivery log; deletes and resends only after confirming", async () => {
    signInAsAdmin();
    mockApi({
      "search-webhook": ok({ webhooks: [ENDPOINT] }),
      "search-webhook-delivery": listOf([DELIVERY]),
      "delete-webhook": ok({ message: "Endpoint deleted." }),
      "resend-webhook-delivery": ok({ message: "Event sent again.", delivery: { ...DELIVERY, status: "queued" } }),
    });
    renderAt(PAGE, WebhooksPage);
    const endpoints = await screen.findByRole("list", { name: en.endpoints });
    expect(within(endpoints).getByText(ENDPOINT.url)).toBeTruthy();
    expect(within(endpoints).getByText("payment.confirmed")).toBeTruthy();
    expect(await screen.findByText(en.status_failed)).toBeTruthy();
    expect(screen.getByText("answered 500")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: `${en.delete} ${ENDPOINT.url}` }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo("delete-webhook")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: `${en.delete} ${ENDPOINT.url}` }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: en.delete }));
    expect(await screen.findByText("Endpoint deleted.")).toBeTruthy();
    expect(callsTo("delete-webhook")[0]!.body).toEqual({ webhookId: 3 });

    fireEvent.click(screen.getByRole("button", { name: `${en.resend} job.queued evt_abc` }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: en.resend }));
    expect(await screen.findByText("Event sent again.")).toBeTruthy();
    expect(callsTo("resend-webhook-delivery")[0]!.body).toEqual({ deliveryId: 9 });
  });

  it("turns an endpoint off after confirming, sending only the endpoint's fields", async () => {
    signInAsAdmin();
    mockApi({
      "search-webhook": ok({ webhooks: [ENDPOINT] }),
      "search-webhook-delivery": listOf([]),
      "update-webhook": ok({ message: "Endpoint saved.", webhook: { ...ENDPOINT, active: false } }),
    });
    renderAt(PAGE, WebhooksPage);
    fireEvent.click(await screen.findByRole("button", { name: `${en.turnOff} ${ENDPOINT.url}` }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: en.turnOff }));
    expect(await screen.findByText("Endpoint saved.")).toBeTruthy();
    expect(callsTo("update-webhook")[0]!.body).toEqual({
      webhookId: 3,
      url: ENDPOINT.url,
      events: ENDPOINT.events,
      active: false,
    });
  });

  it("offers no changes to staff who may only read webhooks, and has an error state that retries", async () => {
    signIn("client", [{ action: "read", subject: "Webhook" }]);
    mockApi({ "search-webhook": fail(500, "Broken."), "search-webhook-delivery": listOf([DELIVERY]) });
    renderAt(PAGE, WebhooksPage);
    await screen.findByText(en.status_failed);
    expect(screen.queryByRole("button", { name: en.create })).toBeNull();
    expect(screen.queryByRole("button", { name: `${en.resend} job.queued evt_abc` })).toBeNull();
    const alert = await screen.findByRole("alert");
    fireEvent.click(within(alert).getByRole("button"));
    await waitFor(() => expect(callsTo("search-webhook")).toHaveLength(2));
  });
});

describe("webhooks page in Arabic", () => {
  inArabic({ webhooks: ar });
  it("words the endpoints and the log in Arabic", async () => {
    signInAsAdmin();
    mockApi({
      "search-webhook": ok({ webhooks: [{ ...ENDPOINT, active: false }] }),
      "search-webhook-delivery": listOf([DELIVERY]),
    });
    renderAt(PAGE, WebhooksPage);
    expect(await screen.findByText(ar.off)).toBeTruthy();
    expect(await screen.findByText(ar.status_failed)).toBeTruthy();
    expect(screen.getByRole("button", { name: `${ar.turnOn} ${ENDPOINT.url}` })).toBeTruthy();
  });
});
