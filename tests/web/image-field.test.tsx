import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ImageField } from "../../web/src/components/ImageField";

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

/** A dialog's form keeping the chosen file in its state, as the item and site dialogs do. */
function Form({ current, error }: { current: string | null; error?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <ImageField
        id="site-image"
        label="Site image"
        hint="PNG, JPEG or WebP, 2 MB at most"
        previewAlt="Image preview"
        current={current}
        file={file}
        onChange={setFile}
        error={error}
      />
      <output data-testid="chosen">{file?.name ?? "none"}</output>
    </>
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

  it("shows no preview without an image, and the saved one again when the choice is cleared", () => {
    const { rerender } = render(<Form current={null} />);
    expect(screen.queryByAltText("Image preview")).toBeNull();
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
    expect(input.getAttribute("aria-describedby")).toBe("site-image-hint");
    expect(document.getElementById("site-image-hint")!.textContent).toBe("PNG, JPEG or WebP, 2 MB at most");
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows an error under the field, marks the input invalid and ties the message to it", () => {
    render(<Form current={null} error="The image must be a PNG, JPEG or WebP file." />);
    const input = screen.getByLabelText("Site image");
    expect(screen.getByRole("alert").textContent).toBe("The image must be a PNG, JPEG or WebP file.");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("site-image-hint site-image-error");
  });
});
