import { fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Pager } from "../../web/src/components/Pager";
import common from "../../web/src/i18n/locales/en.json";
import { setupI18n } from "./shell-support";

beforeAll(setupI18n);

const previous = () => screen.getByRole("button", { name: common.previousPage }) as HTMLButtonElement;
const next = () => screen.getByRole("button", { name: common.nextPage }) as HTMLButtonElement;

describe("Pager", () => {
  it("shows nothing when every row fits on one page", () => {
    const { container } = render(<Pager page={1} total={12} limit={12} onPage={vi.fn()} />);
    expect(container.innerHTML).toBe("");
  });

  it("moves a page back and forth, disabled at either end", () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager page={1} total={25} limit={12} onPage={onPage} label="Pages" />);
    expect(screen.getByRole("navigation", { name: "Pages" })).toBeTruthy();
    expect(previous().disabled).toBe(true);
    fireEvent.click(next());
    expect(onPage).toHaveBeenLastCalledWith(2);
    rerender(<Pager page={3} total={25} limit={12} onPage={onPage} label="Pages" />);
    expect(next().disabled).toBe(true);
    fireEvent.click(previous());
    expect(onPage).toHaveBeenLastCalledWith(2);
  });

  it("says which page of how many when asked to", () => {
    render(<Pager page={2} total={25} limit={12} onPage={vi.fn()} pageOf={(page, pages) => `Page ${page} of ${pages}`} />);
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();
  });
});
