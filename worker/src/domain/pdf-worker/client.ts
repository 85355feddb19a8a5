import { HttpError } from "../../errors";

/**
 * One request to the PDF Worker (pdf/, behind the PDF service binding), which holds what the portal's bundle
 * would pay for: drawing documents, e-invoices, iCalendar text (ical.js) and parsing mail (postal-mime). Its
 * answer when it is ok, else 503 `pdf_unavailable` (nothing else depends on it; a mail's sender retries).
 */
export async function askPdfWorker(service: Fetcher, path: string, body: BodyInit, contentType?: string): Promise<Response> {
  let response: Response;
  try {
    response = await service.fetch(`https://pdf.internal${path}`, {
      method: "POST",
      headers: contentType ? { "content-type": contentType } : {},
      body,
    });
  } catch (error) {
    console.error("pdf: no answer", path, String(error));
    throw new HttpError(503, "pdf_unavailable", "pdfUnavailable");
  }
  if (!response.ok) {
    console.error("pdf: refused", path, response.status, await response.text());
    throw new HttpError(503, "pdf_unavailable", "pdfUnavailable");
  }
  return response;
}
