import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ImageField } from "../../web/src/components/ImageField";
import { ApiError } from "../../web/src/lib/api";
import { useForm } from "../../web/src/lib/form";
import { setupI18n } from "./shell-support";

beforeAll(setupI18n);

let created: string[];
let revoked: string[];
beforeEach(() => {
  created = [];
  revoked = [];
  vi.stubGlobal("URL", {
    ...URL,
    createObjectURL: (file: File) => {
      const url = `blob:${file.name}`;
      created.push(url);
      return url;
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
});
afterEach(() => vi.unstubAllGlobals());

/** A dialog's form holding the chosen file, as the item and site dialogs do; "Save" fails when `refusal` is set. */
function Form({ current, refusal }: { current: string | null; refusal?: ApiError }) {
  const form = useForm<{ siteImageNew: File | null }>({ siteImageNew: null }, { siteImageNew: { label: "Site image" } });
  return (
    <form
      noValidate
      onSubmit={form.submit(() => {
        throw refusal;
      })}
    >
      <ImageField
        form={form}
        name="siteImageNew"
        hint="PNG, JPEG or WebP, 2 MB at most"
        previewAlt="Image preview"
        current={current}
      />
      <output data-testid="chosen">{form.values.siteImageNew?.name ?? "none"}</output>
      <button type="submit">Save</button>
    </form>
  );
}

const png = (name: string) => new File(["\x89PNG"], name, { type: "image/png" });
const choose = (files: File[]) => fireEvent.change(screen.getByLabelText("Site image"), { target: { files } });

describe("ImageField", () => {
  it("shows the saved image until a file is chosen, then previews the file and hands it to the form", () => {
    render(<Form current="/images/site.webp" />);
    expect(screen.getByAltText("Image preview").getAttribute("src")).toBe("/images/site.webp");
    choose([png("new.png")]);
    expect(screen.getByAltText("Image preview").getAttribute("src")).toBe("blob:new.png");
    expect(screen.getByTestId("chosen").textContent).toBe("new.png");
  });

  it("frees the previous preview when another file is chosen, and the last one when it goes away", () => {
    const { unmount } = render(<Form current={null} />);
    choose([png("one.png")]);
    choose([png("two.png")]);
    expect(created).toEqual(["blob:one.png", "blob:two.png"]);
    expect(revoked).toEqual(["blob:one.png"]);
    unmount();
    expect(revoked).toEqual(["blob:one.png", "blob:two.png"]);
  });

  it("shows a picture icon without an image, and the saved one again when the choice is cleared", () => {
    const { rerender, container } = render(<Form current={null} />);
    expect(screen.queryByAltText("Image preview")).toBeNull();
    expect(container.querySelector('[data-icon="photo"]')!.getAttribute("aria-hidden")).toBe("true");
    rerender(<Form current="/images/old.webp" />);
    choose([png("new.png")]);
    choose([]);
    expect(screen.getByTestId("chosen").textContent).toBe("none");
    expect(screen.getByAltText("Image preview").getAttribute("src")).toBe("/images/old.webp");
  });

  it("accepts only the image types the server stores, and describes the input by its hint", () => {
    render(<Form current={null} />);
    const input = screen.getByLabelText("Site image");
    expect(input.getAttribute("type")).toBe("file");
    expect(input.getAttribute("accept")).toBe("image/png,image/jpeg,image/webp");
    const hint = input.getAttribute("aria-describedby")!;
    expect(document.getElementById(hint)!.textContent).toBe("PNG, JPEG or WebP, 2 MB at most");
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows the server's refusal of the file under the field, marks the input invalid and ties the message to it", async () => {
    render(
      <Form
        current={null}
        refusal={new ApiError(415, "unsupported_type", "x", "siteImageNew", "must be a PNG, JPEG or WebP image")}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const input = screen.getByLabelText("Site image");
    expect((await screen.findByRole("alert")).textContent).toBe('The field "Site image" must be a PNG, JPEG or WebP image.');
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const [hint, error] = input.getAttribute("aria-describedby")!.split(" ");
    expect(document.getElementById(hint!)!.textContent).toBe("PNG, JPEG or WebP, 2 MB at most");
    expect(document.getElementById(error!)!.getAttribute("role")).toBe("alert");
  });
});
