import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { OPEN_JOBS_REFRESH_MS } from "../../web/src/features/history/api";
import ar from "../../web/src/features/history/locales/ar.json";
import en from "../../web/src/features/history/locales/en.json";
import fr from "../../web/src/features/history/locales/fr.json";
import HistoryAdminPage from "../../web/src/features/history/pages/HistoryAdminPage";
import HistoryUserPage from "../../web/src/features/history/pages/HistoryUserPage";
import common from "../../web/src/i18n/locales/en.json";
import { callsTo, fail, listOf, localeKeys, mockApi, ok, renderAt, setupPageTests, signIn } from "./page-support";

function job(overrides: { status: 0 | 1 | 2; similarity?: number | null; id: number; hasReport?: boolean }) {
  return {
    historyId: overrides.id,
    userId: 7,
    userName: "Amira Haddad",
    siteId: 3,
    siteName: "Similarity Check",
    vendorId: 5,
    vendorName: "Similarity Check account 1",
    fileName: `thesis-${overrides.id}.pdf`,
    pointsSpent: 10,
    createdAt: "2026-05-01T10:00:00.000Z",
    updatedAt: "2026-05-01T10:00:00.000Z",
    hasReport: overrides.hasReport ?? false,
    fileData: {
      uniqueId: `unique-${overrides.id}-abcdefghijklmnop`,
      status: overrides.status,
      similarity: overrides.similarity ?? null,
    },
  };
}

const SITES = listOf([{ siteId: 3, siteName: "Similarity Check" }], 1, 100);
const VENDORS = listOf([{ vendorId: 5, vendorName: "Similarity Check account 1" }], 1, 100);

function signInAs(role: "admin" | "client") {
  if (role === "admin") signIn({ userId: 1, userName: role, role }, [{ action: "manage", subject: "all" }]);
  else signIn({ userId: 7, userName: role, role }, [{ action: "read", subject: "History", conditions: { userId: 7 } }]);
}

setupPageTests({ history: en });

describe("history pages", () => {
  it("keeps the same keys in en, fr and ar", () => {
    expect(localeKeys(fr)).toEqual(localeKeys(en));
    expect(localeKeys(ar)).toEqual(localeKeys(en));
  });

  it("lists every job for an admin with status badges and a similarity gauge, filtered from the URL", async () => {
    signInAs("admin");
    mockApi({
      "search-history": listOf([job({ id: 1, status: 1, similarity: 64 }), job({ id: 2, status: 2 })]),
      searchsite: SITES,
      searchvendor: VENDORS,
    });
    renderAt("/portal/history?selectedVendor=3&status=1", HistoryAdminPage);
    const rows = await screen.findAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText("Done")).toBeTruthy();
    expect(within(rows[1]!).getByText("Amira Haddad")).toBeTruthy();
    const gauge = within(rows[1]!).getByRole("progressbar");
    expect(gauge.getAttribute("aria-valuenow")).toBe("64");
    expect(gauge.className).toContain("text-error");
    expect(within(rows[2]!).getByText("Failed")).toBeTruthy();
    expect(callsTo("search-history")[0]!.body).toMatchObject({
      selectedVendor: "3",
      status: "1",
      page: 1,
      limit: 10,
      search: "",
    });
    await waitFor(() => expect(callsTo("searchvendor")[0]?.body).toMatchObject({ selectedVendor: 3 }));
  });

  it("asks before marking a job failed, and sends status 2 only when confirmed", async () => {
    signInAs("admin");
    mockApi({
      "search-history": listOf([job({ id: 1, status: 0 })]),
      searchsite: SITES,
      "update-history": ok({ message: "The job is marked failed and its points were refunded." }),
    });
    renderAt("/portal/history", HistoryAdminPage);
    fireEvent.click(await screen.findByRole("button", { name: en.markFailed }));
    const dialog = await screen.findByRole("dialog", { hidden: true });
    expect(dialog.textContent).toContain("thesis-1.pdf");
    fireEvent.click(within(dialog).getByRole("button", { name: common.cancel, hidden: true }));
    await waitFor(() => expect(screen.queryByText(/The client gets their 10 points back/)).toBeNull());
    expect(callsTo("update-history")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: en.markFailed }));
    const again = await screen.findByRole("dialog", { hidden: true });
    fireEvent.click(within(again).getByRole("button", { name: en.markFailed, hidden: true }));
    await screen.findByText("The job is marked failed and its points were refunded.");
    expect(callsTo("update-history")[0]!.body).toEqual({ uniqueId: "unique-1-abcdefghijklmnop", status: "2" });
  });

  it("marks a job done only with a similarity from 0 to 100", async () => {
    signInAs("admin");
    mockApi({
      "search-history": listOf([job({ id: 4, status: 0 })]),
      searchsite: SITES,
      "update-history": ok({ message: "The job is marked done." }),
    });
    renderAt("/portal/history", HistoryAdminPage);
    fireEvent.click(await screen.findByRole("button", { name: en.markDone }));
    const dialog = await screen.findByRole("dialog", { name: "Result for thesis-4.pdf", hidden: true });
    const submit = within(dialog).getByRole("button", { name: en.markDone, hidden: true });
    fireEvent.change(within(dialog).getByRole("spinbutton", { hidden: true }), { target: { value: "140" } });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole("alert", { hidden: true })).textContent).toBe(en.similarityRange);
    expect(callsTo("update-history")).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole("spinbutton", { hidden: true }), { target: { value: "42" } });
    fireEvent.click(submit);
    await screen.findByText("The job is marked done.");
    expect(callsTo("update-history")[0]!.body).toEqual({ uniqueId: "unique-4-abcdefghijklmnop", status: "1", similarity: "42" });
  });

  it("refreshes itself while a job is open, and stops once every job is finished", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs("client");
    let open = true;
    mockApi({ "search-history": () => listOf([job({ id: 9, status: open ? 0 : 1, similarity: open ? null : 5 })]) });
    renderAt("/portal/history-user", HistoryUserPage);
    const jobRow = async () => (await screen.findAllByRole("row"))[1]!;
    await waitFor(async () => expect((await jobRow()).textContent).toContain(en.status.queued));
    expect(callsTo("search-history")).toHaveLength(1);
    open = false;
    await act(() => vi.advanceTimersByTimeAsync(OPEN_JOBS_REFRESH_MS + 100));
    await waitFor(async () => expect((await jobRow()).textContent).toContain(en.status.done));
    expect(callsTo("search-history")).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(OPEN_JOBS_REFRESH_MS * 3));
    expect(callsTo("search-history")).toHaveLength(2);
  });

  it("shows a client only their own jobs, without processing actions, and an empty state", async () => {
    signInAs("client");
    mockApi({ "search-history": listOf([]) });
    renderAt("/portal/history-user", HistoryUserPage);
    await screen.findByText(en.emptyUser);
    expect(callsTo("search-history")[0]!.body).toMatchObject({ userId: 7 });
    expect(screen.queryByRole("button", { name: en.markDone })).toBeNull();
    expect(screen.getByRole("link", { name: en.useSite }).getAttribute("href")).toBe("/portal/site");
  });

  it("logs a failed search and shows an error state with retry", async () => {
    signInAs("client");
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockApi({ "search-history": fail(500, "Something went wrong.") });
    renderAt("/portal/history-user", HistoryUserPage);
    await screen.findByText(common.errorTitle);
    expect(log).toHaveBeenCalledWith("Network response was not ok");
    expect(screen.getByRole("button", { name: common.retry })).toBeTruthy();
  });
});
