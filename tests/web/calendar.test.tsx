import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useEffect, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import type { CalendarEvent } from "../../web/src/features/calendar/api";
import type { EventCalendarProps } from "../../web/src/features/calendar/components/EventCalendar";
import ar from "../../web/src/features/calendar/locales/ar.json";
import en from "../../web/src/features/calendar/locales/en.json";
import fr from "../../web/src/features/calendar/locales/fr.json";
import CalendarPage from "../../web/src/features/calendar/pages/CalendarPage";
import { callsTo, fail, listOf, localeKeys, mockApi, ok, renderAt, setupPageTests, signIn, signInAsAdmin } from "./page-support";

/*
 * FullCalendar measures its layout, which happy-dom does not do: the calendar component is replaced by one
 * that asks the page for a fixed range, as FullCalendar does when a view opens, and lists what it got.
 * tests/e2e/calendar.test.ts runs the real one in Chromium.
 */
vi.mock("../../web/src/features/calendar/components/EventCalendar", () => ({
  default: function FakeCalendar({ load, onOpen, direction, phone }: EventCalendarProps) {
    const [events, setEvents] = useState<CalendarEvent[] | null>(null);
    useEffect(() => {
      load({ from: "2026-11-29", to: "2027-01-09" }).then(setEvents, () => setEvents(null));
    }, [load]);
    return (
      <ul data-testid="calendar" data-direction={direction} data-phone={String(phone)}>
        {events?.map((event) => (
          <li key={event.link + event.start}>
            <button type="button" onClick={() => onOpen(event.link)}>
              {event.title}
            </button>
          </li>
        ))}
      </ul>
    );
  },
}));

setupPageTests({ calendar: en });

const CLIENT_RULES = [
  { action: "read", subject: "Profile" },
  { action: "read", subject: "Payment", conditions: { userId: 2 } },
];
const FEED = ok({ url: "https://portal.test/api/calendar/secret-one.ics" });
const ENDS = {
  kind: "subscription-ends",
  title: "Pro",
  start: "2026-12-10T00:00:00.000Z",
  link: "/pages/account-settings/billing",
};
const PAYMENT = { kind: "payment-expires", title: "500 points", start: "2026-12-02T10:00:00.000Z", link: "/payment/abc" };

describe("the calendar's texts", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
    expect(localeKeys(ar)).toEqual(localeKeys(en));
  });

  it("is in the route table and in the apps section of the menu", () => {
    expect(appRoutes.find((route) => route.path === "/apps/calendar")?.ns).toBe("calendar");
    expect(navItems).toContainEqual(expect.objectContaining({ to: "/apps/calendar", icon: "calendar", section: "apps" }));
  });
});

describe("the calendar page", () => {
  it("asks for the view's days with the ticked kinds, and a client has no coupon or client filter", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({ "search-calendar": ok({ events: [PAYMENT, ENDS] }), "calendar-feed": FEED });
    const location = renderAt("/apps/calendar", CalendarPage);
    expect(await screen.findByRole("button", { name: "Pro" })).toBeTruthy();
    expect(callsTo("search-calendar")[0]!.body).toEqual({
      from: "2026-11-29",
      to: "2027-01-09",
      kinds: ["subscription-ends", "renewal", "payment-expires"],
    });
    expect(screen.queryByLabelText(en.kind["coupon-expires"])).toBeNull();
    expect(screen.queryByLabelText(en.client)).toBeNull();

    fireEvent.click(screen.getByLabelText(en.kind["subscription-ends"]));
    await waitFor(() => expect(callsTo("search-calendar")).toHaveLength(2));
    expect(callsTo("search-calendar")[1]!.body).toMatchObject({ kinds: ["renewal", "payment-expires"] });

    fireEvent.click(await screen.findByRole("button", { name: "500 points" }));
    expect(location.history.at(-1)).toBe("/payment/abc");
  });

  it("asks nothing when no kind is ticked, and says the period is empty", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({ "search-calendar": ok({ events: [] }), "calendar-feed": FEED });
    renderAt("/apps/calendar", CalendarPage);
    expect(await screen.findByText(en.empty)).toBeTruthy();
    for (const kind of ["subscription-ends", "renewal", "payment-expires"] as const)
      fireEvent.click(screen.getByLabelText(en.kind[kind]));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(en.kind["payment-expires"]).checked).toBe(false));
    // One call per view with some kind left (three kinds, two left, one left), none with no kind.
    await waitFor(() => expect(callsTo("search-calendar")).toHaveLength(3));
    expect(callsTo("search-calendar").at(-1)!.body).toMatchObject({ kinds: ["payment-expires"] });
    expect(screen.getByText(en.empty)).toBeTruthy();
  });

  it("gives staff the coupons and a client filter, sent with the call", async () => {
    signInAsAdmin();
    mockApi({
      "search-calendar": ok({ events: [ENDS] }),
      "calendar-feed": FEED,
      searchuser: listOf([{ userId: 7, userName: "Ana", userEmail: "ana@example.com" }]),
    });
    renderAt("/apps/calendar", CalendarPage);
    await screen.findByRole("button", { name: "Pro" });
    expect(callsTo("search-calendar")[0]!.body).toMatchObject({
      kinds: ["subscription-ends", "renewal", "payment-expires", "coupon-expires"],
    });
    await screen.findByRole("option", { name: "Ana — ana@example.com" });
    fireEvent.change(screen.getByRole("combobox", { name: en.client }), { target: { value: "7" } });
    await waitFor(() => expect(callsTo("search-calendar").at(-1)!.body).toMatchObject({ userId: 7 }));
  });

  it("says when the events could not be read, and asks again", async () => {
    signIn("client", CLIENT_RULES);
    let failing = true;
    mockApi({ "search-calendar": () => (failing ? fail(500, "Down") : ok({ events: [ENDS] })), "calendar-feed": FEED });
    renderAt("/apps/calendar", CalendarPage);
    expect(await screen.findByText(en.loadFailed)).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Pro" })).toBeTruthy();
  });

  it("shows the feed's address and rotates it only after a confirmation", async () => {
    signIn("client", CLIENT_RULES);
    mockApi({
      "search-calendar": ok({ events: [] }),
      "calendar-feed": (body) => ok({ url: `https://portal.test/api/calendar/${body.rotate ? "secret-two" : "secret-one"}.ics` }),
    });
    renderAt("/apps/calendar", CalendarPage);
    const address = await screen.findByLabelText<HTMLInputElement>(en.feedAddress);
    await waitFor(() => expect(address.value).toBe("https://portal.test/api/calendar/secret-one.ics"));
    fireEvent.click(screen.getByRole("button", { name: en.rotate }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(en.rotateText);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo("calendar-feed").filter((c) => c.body.rotate)).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: en.rotate }));
    const confirm = await screen.findAllByRole("button", { name: en.rotate });
    fireEvent.click(confirm.at(-1)!);
    await waitFor(() => expect(address.value).toBe("https://portal.test/api/calendar/secret-two.ics"));
    expect(callsTo("calendar-feed").at(-1)!.body).toEqual({ rotate: true });
    expect(await screen.findByText(en.rotated)).toBeTruthy();
  });
});
