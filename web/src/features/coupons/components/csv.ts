/** The new codes as CSV. Codes are letters, digits and dashes, so no cell needs quoting. */
export function codesCsv(codes: string[], quota: string, expires: string): string {
  return ["couponCode,couponQuota,couponExpired", ...codes.map((code) => `${code},${quota},${expires}`)].join("\r\n") + "\r\n";
}

/** Saves text as a file through a temporary link. */
export function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
