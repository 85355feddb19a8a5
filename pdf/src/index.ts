import type { z } from "zod";
import { pdfDocument } from "./document";
import { eInvoiceRequest, eInvoiceXml, facturXPdf, facturXRequest } from "./e-invoice";
import { icalendarRequest, icalendarText } from "./icalendar";
import { parsedMail } from "./mail";
import { renderPdf } from "./render";

/** One path's body schema and what it answers. */
interface Endpoint<S extends z.ZodType> {
  body: S;
  answer(input: z.output<S>): Promise<Uint8Array | string>;
  contentType: string;
}

const endpoint = <S extends z.ZodType>(e: Endpoint<S>) => e as unknown as Endpoint<z.ZodType>;

const ENDPOINTS: Record<string, Endpoint<z.ZodType>> = {
  "/": endpoint({ body: pdfDocument, answer: renderPdf, contentType: "application/pdf" }),
  "/e-invoice": endpoint({ body: eInvoiceRequest, answer: eInvoiceXml, contentType: "application/xml; charset=utf-8" }),
  "/factur-x": endpoint({ body: facturXRequest, answer: facturXPdf, contentType: "application/pdf" }),
  "/icalendar": endpoint({ body: icalendarRequest, answer: icalendarText, contentType: "text/calendar; charset=utf-8" }),
};

/**
 * The PDF Worker, where the portal's heavy and rarely needed libraries run: POST a document (document.ts) as
 * JSON to `/`, get its PDF; POST invoice data (e-invoice.ts) to `/e-invoice` for its UBL or CII XML, or with
 * the document to `/factur-x` for a Factur-X PDF; POST a calendar's events (icalendar.ts) to `/icalendar` for
 * its iCalendar text; POST a raw mail's bytes to `/mail` for its parts as JSON (mail.ts). Reached only through
 * the portal's service binding (it has no route of its own); a body that does not fit its schema is a 400.
 */
export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("POST a document", { status: 405 });
    const path = new URL(request.url).pathname;
    if (path === "/mail") {
      return new Response(await parsedMail(await request.arrayBuffer()), {
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    }
    const found = ENDPOINTS[path];
    if (!found) return new Response("No such path", { status: 404 });
    const parsed = found.body.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return new Response(parsed.error.message, { status: 400 });
    const bytes = await found.answer(parsed.data);
    return new Response(bytes, { headers: { "content-type": found.contentType } });
  },
} satisfies ExportedHandler;
