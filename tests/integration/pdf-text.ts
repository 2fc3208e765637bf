/** What a PDF the shop made says: pdf-lib writes standard-font strings as hex in its (Flate-compressed) content streams. */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";

/** The text of the PDF's first page (`pages`: how many from the first), line by line as drawn. */
export async function pdfText(bytes: ArrayBuffer, pages = 1): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  return doc
    .getPages()
    .slice(0, pages)
    .map((page) => {
      const contents = page.node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
      const raw = streams
        .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
        .map((s) => new TextDecoder("latin1").decode(decodePDFRawStream(s).decode()))
        .join("\n");
      return [...raw.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => m[1]!.replace(/../g, (h) => String.fromCharCode(parseInt(h, 16)))).join("\n");
    })
    .join("\n");
}
