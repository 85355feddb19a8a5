import PDFDocument from "pdfkit";
import type { PdfDocument } from "./document";
import { FONTS } from "./fonts";
import { visualRuns } from "./text";

/** A4 in points, and the page's margin. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT = PAGE.width - 2 * MARGIN;
const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";

type Weight = "regular" | "bold";

/**
 * Given features, pdfkit lays a run out whole through fontkit; without, it lays out word by word, which
 * puts the words of a right-to-left run in left-to-right order. Arabic's own features (joining forms,
 * required ligatures) are added by fontkit's shaper.
 */
const FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ["kern", "liga"];

interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
  /** Where the text sits in its box: at the reading start (left in LTR, right in RTL) or end. */
  align?: "start" | "end";
}

/** Draws one document (see document.ts) as a PDF and answers its bytes. */
export function renderPdf(doc: PdfDocument): Promise<Uint8Array> {
  // The first font given is the default, so pdfkit never loads a built-in one (the Worker has no files).
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    font: FONTS["latin-regular"] as unknown as string,
    info: { Title: doc.title, Creator: "Edge Portal" },
    lang: doc.direction === "rtl" ? "ar" : "en",
  } as PDFKit.PDFDocumentOptions);
  for (const [name, bytes] of Object.entries(FONTS)) pdf.registerFont(name, bytes as unknown as string);
  const chunks: Uint8Array[] = [];
  pdf.on("data", (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on("end", () => {
      const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
      resolve(bytes);
    });
    pdf.on("error", reject);
  });
  const rtl = doc.direction === "rtl";

  /** The left edge of a box that starts `offset` points from the reading start and is `width` wide. */
  const boxLeft = (offset: number, width: number) => (rtl ? PAGE.width - MARGIN - offset - width : MARGIN + offset);

  const widthOf = (text: string, style: TextStyle) =>
    visualRuns(text, doc.direction).reduce((sum, run) => {
      pdf.font(`${run.script}-${style.weight ?? "regular"}`).fontSize(style.size);
      return sum + pdf.widthOfString(run.text, { features: FEATURES });
    }, 0);

  /** Cuts text to fit `width` (with an ellipsis), so a long product name never runs into the next column. */
  const fitted = (text: string, width: number, style: TextStyle) => {
    if (widthOf(text, style) <= width) return text;
    let chars = [...text];
    while (chars.length > 1 && widthOf(`${chars.join("")}…`, style) > width) chars = chars.slice(0, -1);
    return `${chars.join("")}…`;
  };

  /** Writes one line in the box [offset, offset + width) from the reading start, at `y`. */
  const write = (text: string, offset: number, width: number, y: number, style: TextStyle) => {
    const line = fitted(text, width, style);
    const total = widthOf(line, style);
    const left = boxLeft(offset, width);
    // "start" is the reading start: the right edge in RTL.
    const atEnd = (style.align ?? "start") === "end";
    let x = atEnd !== rtl ? left + width - total : left;
    for (const run of visualRuns(line, doc.direction)) {
      pdf
        .font(`${run.script}-${style.weight ?? "regular"}`)
        .fontSize(style.size)
        .fillColor(style.color ?? INK);
      pdf.text(run.text, x, y, { lineBreak: false, features: FEATURES });
      x += pdf.widthOfString(run.text, { features: FEATURES });
    }
  };

  /** Lines of at most `width`, broken between words. */
  const wrapped = (text: string, width: number, style: TextStyle) => {
    const lines: string[] = [];
    let current = "";
    for (const word of text.split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (current && widthOf(next, style) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    return lines;
  };

  const rule = (y: number) => {
    pdf
      .moveTo(MARGIN, y)
      .lineTo(PAGE.width - MARGIN, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
  };

  let y = MARGIN;
  write(doc.title, 0, CONTENT * 0.6, y, { size: 20, weight: "bold" });
  if (doc.mark) {
    const style: TextStyle = { size: 13, weight: "bold", color: doc.mark.length > 12 ? "#b45309" : "#15803d" };
    const width = widthOf(doc.mark, style) + 20;
    const left = boxLeft(CONTENT - width, width);
    pdf
      .roundedRect(left, y - 2, width, 24, 4)
      .lineWidth(1.5)
      .strokeColor(style.color!)
      .stroke();
    write(doc.mark, CONTENT - width + 10, width - 20, y + 2, style);
  }
  y += 34;
  for (const [label, value] of doc.meta) {
    write(label, 0, 130, y, { size: 9.5, color: MUTED });
    write(value, 135, CONTENT - 135, y, { size: 9.5 });
    y += 15;
  }

  y += 14;
  const half = CONTENT / 2 - 10;
  let blockEnd = y;
  for (const [index, block] of [doc.seller, doc.buyer].entries()) {
    const offset = index === 0 ? 0 : CONTENT / 2 + 10;
    let line = y;
    write(block.heading, offset, half, line, { size: 9, weight: "bold", color: MUTED });
    line += 15;
    block.lines.forEach((text, i) => {
      write(text, offset, half, line, { size: 10, weight: i === 0 ? "bold" : "regular" });
      line += 14;
    });
    blockEnd = Math.max(blockEnd, line);
  }

  // The table: the description takes what the amounts leave.
  y = blockEnd + 18;
  const taxed = doc.columns.net !== null && doc.columns.tax !== null;
  const amountWidth = 70;
  const amounts = taxed ? ["qty", "unit", "net", "tax", "gross"] : ["qty", "unit", "gross"];
  const widths: Record<string, number> = { qty: 34, unit: amountWidth, net: amountWidth, tax: amountWidth, gross: amountWidth };
  const descriptionWidth = CONTENT - amounts.reduce((sum, key) => sum + widths[key]! + 6, 0);
  const cells = (row: Record<string, string | null>, style: TextStyle) => {
    write(row.description ?? "", 0, descriptionWidth, y, style);
    let offset = descriptionWidth;
    for (const key of amounts) {
      offset += 6;
      write(row[key] ?? "", offset, widths[key]!, y, { ...style, align: "end" });
      offset += widths[key]!;
    }
  };
  cells(doc.columns, { size: 9, weight: "bold", color: MUTED });
  y += 15;
  rule(y);
  y += 6;
  for (const row of doc.rows) {
    if (y > PAGE.height - MARGIN - 140) {
      pdf.addPage();
      y = MARGIN;
    }
    cells(row, { size: 10 });
    y += 18;
  }
  rule(y);
  y += 10;

  const totalsWidth = 240;
  for (const [label, value, strong] of doc.totals) {
    const style: TextStyle = { size: strong ? 12 : 10, weight: strong ? "bold" : "regular" };
    write(label, CONTENT - totalsWidth, totalsWidth - amountWidth - 16, y, style);
    write(value, CONTENT - amountWidth - 10, amountWidth + 10, y, { ...style, align: "end" });
    y += strong ? 20 : 16;
  }

  y += 12;
  for (const note of doc.notes) {
    for (const line of wrapped(note, CONTENT, { size: 9.5 })) {
      write(line, 0, CONTENT, y, { size: 9.5 });
      y += 14;
    }
    y += 4;
  }

  write(doc.footer, 0, CONTENT, PAGE.height - MARGIN, { size: 8, color: MUTED });
  pdf.end();
  return ended;
}
