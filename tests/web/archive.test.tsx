import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../../web/src/app/registry";
import { navItems } from "../../web/src/app/navRegistry";
import en from "../../web/src/features/archive/locales/en.json";
import ArchivePage from "../../web/src/features/archive/pages/ArchivePage";
import { callsTo, fail, mockApi, ok, renderAt, setupPageTests, signInAsAdmin } from "./page-support";

setupPageTests({ archive: en });

const MONTHS = [
  { month: "2025-10", rows: 2 },
  { month: "2025-09", rows: 1 },
];
const row = (id: number, fileName: string) => ({
  id,
  createdAt: "2025-10-03T10:00:00.000Z",
  fields: { historyId: id, fileName, status: 1, reportName: null },
});

describe("archive page (decision 0025)", () => {
  it("is in the route table and the admin menu", () => {
    expect(appRoutes.find((route) => route.path === "/apps/archive")?.ns).toBe("archive");
    expect(navItems.find((item) => item.to === "/apps/archive")).toMatchObject({ section: "admin", subject: "Archive" });
  });

  it("shows the newest month's rows, sends the table, month and text, and reads more chunks", async () => {
    signInAsAdmin();
    mockApi({
      "search-archive": (body) =>
        ok(
          body.after
            ? { month: "2025-10", months: MONTHS, rows: [row(9, "later.pdf")], next: null }
            : { month: (body.month as string | undefined) ?? "2025-10", months: MONTHS, rows: [row(7, "essay.pdf")], next: 3 },
        ),
    });
    renderAt("/apps/archive", ArchivePage);
    const list = await screen.findByRole("list", { name: en.results });
    expect(within(list).getByText("essay.pdf")).toBeTruthy();
    expect(within(list).getByText("—")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: en.more }));
    await waitFor(() => expect(within(list).getByText("later.pdf")).toBeTruthy());
    expect(callsTo("search-archive").at(-1)?.body).toMatchObject({ table: "history", after: 3 });

    fireEvent.change(screen.getByLabelText(en.month), { target: { value: "2025-09" } });
    fireEvent.change(screen.getByPlaceholderText(en.search), { target: { value: " essay " } });
    fireEvent.click(screen.getByRole("button", { name: en.find }));
    await waitFor(() =>
      expect(callsTo("search-archive").at(-1)?.body).toMatchObject({ table: "history", month: "2025-09", q: "essay" }),
    );
  });

  it("says when nothing is archived, and offers a retry on an error", async () => {
    signInAsAdmin();
    mockApi({ "search-archive": ok({ month: null, months: [], rows: [], next: null }) });
    renderAt("/apps/archive", ArchivePage);
    expect(await screen.findByText(en.empty)).toBeTruthy();

    mockApi({ "search-archive": fail(500, "Boom") });
    fireEvent.change(screen.getByLabelText(en.table), { target: { value: "outbox" } });
    expect(await screen.findByRole("button", { name: /retry|again/i })).toBeTruthy();
  });
});
