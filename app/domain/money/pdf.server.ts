/**
 * The shop's documents as A4 PDFs made in the Worker (pdf-lib, standard fonts: no font files to
 * ship): a heading block, labelled rows and notes, written top to bottom. Invoices and credit
 * notes are drawn with it.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";

export interface PdfSection {
  /** A small grey heading over lines (e.g. "Billed to"). */
  heading?: string;
  lines?: string[];
  /** Label → value rows. */
  rows?: [string, string][];
  /** Lines of a statement: a description wrapped on the left, an amount right-aligned (after `rows`). */
  entries?: [string, string][];
  /** Grey notes at the end, after a rule. */
  notes?: string[];
}

export async function documentPdf({ title, author, sections }: { title: string; author: string; sections: PdfSection[] }): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor(author);
  pdf.setCreator(author);
  pdf.setProducer(author);
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  const width = 595.28;
  const height = 841.89;
  const left = 56;
  const right = width - 56;
  let page = pdf.addPage([width, height]);
  let y = height - 64;
  const ink = rgb(0.06, 0.09, 0.16);
  const muted = rgb(0.39, 0.45, 0.55);

  const write = (
    text: string,
    { font = regular, size = 11, x = left, color = ink, maxWidth }: { font?: PDFFont; size?: number; x?: number; color?: typeof ink; maxWidth?: number } = {},
  ) => {
    for (const line of wrap(encodable(text, font), font, size, maxWidth ?? right - x)) {
      if (y < 56) {
        page = pdf.addPage([width, height]);
        y = height - 64;
      }
      page.drawText(line, { x, y, size, font, color });
      y -= size * 1.45;
    }
  };

  for (const [index, section] of sections.entries()) {
    if (index === 0) {
      const [name, ...rest] = section.lines ?? [];
      write(name ?? "", { font: bold, size: 20 });
      for (const line of rest) write(line, { size: 9, color: muted });
      y -= 18;
      continue;
    }
    if (section.heading) write(section.heading, { font: bold, size: index === 1 ? 16 : 10, color: index === 1 ? ink : muted });
    for (const line of section.lines ?? []) write(line);
    for (const [label, value] of section.rows ?? []) {
      const top = y;
      write(label, { font: bold, size: 10, color: muted });
      const after = y;
      y = top;
      write(value, { x: left + 150 });
      y = Math.min(y, after) - 4;
    }
    for (const [description, amount] of section.entries ?? []) {
      const top = y;
      const amountWidth = 110;
      write(description, { size: 10, maxWidth: right - left - amountWidth });
      const after = y;
      const text = encodable(amount, regular);
      page.drawText(text, { x: right - regular.widthOfTextAtSize(text, 10), y: top, size: 10, font: regular, color: ink });
      y = after - 3;
    }
    if (section.notes?.length) {
      y -= 8;
      page.drawLine({ start: { x: left, y: y + 10 }, end: { x: right, y: y + 10 }, thickness: 0.5, color: muted });
      for (const note of section.notes) write(note, { size: 10, color: muted });
    }
    y -= 10;
  }
  // pdf-lib builds its bytes in a plain ArrayBuffer (never a shared one).
  return (await pdf.save()) as Uint8Array<ArrayBuffer>;
}

/** The text with every character the standard font cannot draw replaced by "?". */
function encodable(text: string, font: PDFFont): string {
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += "?";
    }
  }
  return out;
}

/** Breaks text into lines no wider than `width` (words longer than a line are cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}
