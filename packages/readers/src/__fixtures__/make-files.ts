/** Builds real office files and PDFs in tests (no binary fixtures in the repository). */
import { Document as DocxDocument, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from "docx";
import ExcelJS from "exceljs";
import { PDFDocument, PDFHexString, PDFName, PDFNumber, StandardFonts } from "pdf-lib";
import pptxModule from "pptxgenjs";

// pptxgenjs is CommonJS with a TS default export: under NodeNext the class sits on `.default`.
type PptxClass = (typeof import("pptxgenjs"))["default"];
const PptxGenJS = ((pptxModule as unknown as { default?: PptxClass }).default ??
  pptxModule) as unknown as PptxClass;

/** A 1×1 red PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

/** A PDF with one text line per page. */
export async function makePdf(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([600, 400]);
    page.drawText(text, { x: 40, y: 340, size: 12, font });
  }
  return pdf.save();
}

/** A PDF whose trailer names a standard security handler whose user password is not empty. */
export async function makeEncryptedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  const ctx = pdf.context;
  const hex32 = (b: number) => PDFHexString.of(b.toString(16).padStart(2, "0").repeat(32));
  const encrypt = ctx.obj({ Filter: "Standard", V: 1, R: 2, Length: 40 });
  encrypt.set(PDFName.of("O"), hex32(0x11));
  encrypt.set(PDFName.of("U"), hex32(0x22));
  encrypt.set(PDFName.of("P"), PDFNumber.of(-4));
  ctx.trailerInfo.Encrypt = ctx.register(encrypt);
  ctx.trailerInfo.ID = ctx.obj([hex32(0x33), hex32(0x33)]);
  return pdf.save({ useObjectStreams: false });
}

/** A .docx: heading and text, a table, text, an image paragraph, text. */
export async function makeDocx(): Promise<Buffer> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const doc = new DocxDocument({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun("AgentScope")] }),
          new Paragraph({ children: [new TextRun("Reads Word files. "), new TextRun({ text: "Bold too.", bold: true })] }),
          new Table({
            rows: [
              new TableRow({ children: [cell("Name"), cell("Age")] }),
              new TableRow({ children: [cell("Alice"), cell("30")] }),
            ],
          }),
          new Paragraph("After the table."),
          new Paragraph({
            children: [new ImageRun({ type: "png", data: PNG, transformation: { width: 10, height: 10 } })],
          }),
          new Paragraph("After the image."),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** An .xlsx with two sheets; the first has an image anchored at row 5 (0-based 4). */
export async function makeXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const staff = wb.addWorksheet("Staff");
  staff.addRows([
    ["Name", "Age", "Joined"],
    ["Alice | Ali", 30, new Date(Date.UTC(2020, 0, 15))],
    ["Bob", 41.5, true],
  ]);
  const image = wb.addImage({ buffer: PNG as unknown as ExcelJS.Buffer, extension: "png" });
  staff.addImage(image, { tl: { col: 0, row: 4 }, ext: { width: 10, height: 10 } });
  const products = wb.addWorksheet("Products");
  products.addRows([
    ["Product", "Price"],
    ["Widget", 9],
  ]);
  wb.addWorksheet("Empty");
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A .pptx: a title slide, a slide with text and a table, a slide with a picture between texts. */
export async function makePptx(): Promise<Buffer> {
  const pptx = new PptxGenJS();
  const s1 = pptx.addSlide();
  s1.addText("AgentScope", { x: 0.5, y: 0.5, w: 8, h: 1 });
  s1.addText("Text content in slide 1", { x: 0.5, y: 2, w: 8, h: 1 });
  const s2 = pptx.addSlide();
  s2.addText("Above the table", { x: 0.5, y: 0.5, w: 8, h: 1 });
  s2.addTable(
    [
      [{ text: "Header1" }, { text: "Header2" }],
      [{ text: "1" }, { text: "2" }],
    ],
    { x: 0.5, y: 2, w: 6 },
  );
  const s3 = pptx.addSlide();
  s3.addText("Above the image", { x: 0.5, y: 0.5, w: 8, h: 1 });
  s3.addImage({ data: `image/png;base64,${PNG.toString("base64")}`, x: 1, y: 2, w: 1, h: 1 });
  s3.addText("Below the image", { x: 0.5, y: 4, w: 8, h: 1 });
  return (await pptx.write({ outputType: "nodebuffer" })) as Buffer;
}
