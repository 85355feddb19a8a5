/** Reference ids are URL-safe random strings (API.md); a pasted payment link works too. */
export function referenceFrom(input: string): string | null {
  const text = input.trim();
  const fromLink = text.match(/\/payment\/([^/?#\s]+)/)?.[1];
  let candidate = text;
  if (fromLink) {
    try {
      candidate = decodeURIComponent(fromLink);
    } catch {
      return null;
    }
  }
  return /^[A-Za-z0-9_-]{16,128}$/.test(candidate) ? candidate : null;
}
