/** Saves text as a file the browser downloads, through a temporary link. */
export function saveTextFile(text: string, fileName: string, type = "text/plain;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Prints text alone, not the page around it: it goes into a frame of its own (no script or style in it,
 * so the page's Content-Security-Policy has nothing to refuse), which is printed, then removed.
 */
export function printText(title: string, text: string) {
  const frame = document.createElement("iframe");
  frame.title = title;
  frame.className = "fixed bottom-0 end-0 size-px opacity-0";
  frame.setAttribute("aria-hidden", "true");
  frame.srcdoc = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><pre>${escapeHtml(text)}</pre></body></html>`;
  frame.addEventListener("load", () => {
    frame.contentWindow?.print();
    setTimeout(() => frame.remove(), 1000);
  });
  document.body.append(frame);
}
