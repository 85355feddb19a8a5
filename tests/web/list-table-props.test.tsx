import { fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DataTable } from "../../web/src/components/DataTable";
import { listTableProps } from "../../web/src/components/listTableProps";
import common from "../../web/src/i18n/locales/en.json";
import { setupI18n } from "./shell-support";

beforeAll(setupI18n);

interface Row {
  id: number;
  name: string;
}

describe("listTableProps", () => {
  it("hands a list's rows, total, paging and loading state to the table", () => {
    const update = vi.fn();
    const list = { data: { data: [{ id: 1, name: "Ada" }], total: 31 }, isValidating: true, mutate: vi.fn() };
    const props = listTableProps<Row>(list, { page: 2, limit: 10 }, update);
    expect(props).toMatchObject({ rows: list.data.data, total: 31, page: 2, limit: 10, loading: true, error: undefined });
    props.onPage(3);
    props.onLimit(25);
    expect(update.mock.calls).toEqual([[{ page: 3 }], [{ limit: 25 }]]);
  });

  it("has no rows and a zero total before the first answer, and retries by reloading", () => {
    const mutate = vi.fn();
    const error = new Error("down");
    render(
      <DataTable<Row>
        columns={[{ key: "name", header: "Name" }]}
        rowKey={(r) => r.id}
        {...listTableProps<Row>({ isValidating: false, error, mutate }, { page: 1, limit: 10 }, vi.fn())}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: common.retry }));
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(listTableProps<Row>({ isValidating: false, mutate }, { page: 1, limit: 10 }, vi.fn())).toMatchObject({
      rows: undefined,
      total: 0,
    });
  });
});
