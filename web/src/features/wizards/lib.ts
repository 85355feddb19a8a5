/** A rule for a whole number between min and max, worded with the field's label (common:validation). */
export const wholeNumber =
  (min: number, max: number) =>
  (value: string): string | { key: string; values: Record<string, unknown> } | undefined => {
    if (value.trim() === "") return "validation.required";
    const n = Number(value);
    if (!Number.isFinite(n)) return "validation.number";
    if (!Number.isInteger(n)) return "validation.step";
    if (n < min) return { key: "validation.min", values: { limit: min } };
    if (n > max) return { key: "validation.max", values: { limit: max } };
    return undefined;
  };

/** Today's date in UTC, as a date input holds it (a coupon is valid through the end of its day, UTC). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The generated codes as CSV: codes are letters, digits and dashes, so no cell needs quoting. */
export function codesCsv(codes: string[], points: number, expires: string): string {
  return ["couponCode,couponQuota,couponExpired", ...codes.map((code) => `${code},${points},${expires}`)].join("\r\n") + "\r\n";
}

/** Saves text as a file through a temporary link. */
export function saveCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
