import { pdfDocument } from "./document";
import { renderPdf } from "./render";

/**
 * The PDF Worker: POST a document (document.ts) as JSON, get its PDF. Reached only through the portal's
 * service binding (it has no route of its own); a document that does not fit the schema is a 400.
 */
export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== "POST") return new Response("POST a document", { status: 405 });
    const parsed = pdfDocument.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return new Response(parsed.error.message, { status: 400 });
    const bytes = await renderPdf(parsed.data);
    return new Response(bytes, { headers: { "content-type": "application/pdf" } });
  },
} satisfies ExportedHandler;
