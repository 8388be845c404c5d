/**
 * A defence pack as a PDF (pdfkit, DejaVu Sans embedded: pdf-fonts.ts, A4): title, who generated it and when, the order
 * summary, then the Email History (pack 1) or Download History (pack 2) as a table whose header repeats on
 * every page, or a plain sentence when there is none. Every page carries "Page X of Y".
 */
import type PDFDocument from 'pdfkit';
import { newPdfDocument, PDF_FONT, PDF_FONT_BOLD, printable } from '../../lib/pdf-fonts';
import {
  DOWNLOAD_COLUMNS,
  generatedLine,
  historyHeading,
  MAIL_COLUMNS,
  summaryRows,
  type PackColumn,
} from '../../../shared/defence-pack';
import type { DefencePack } from '../../../shared/schemas/defence-pack';

const LEFT = 50;
const WIDTH = 495;
const BOTTOM = 780; // content stops here; the footer sits below
const INK = '#1f2933';
const MUTED = '#616e7c';
const ACCENT = '#bc002d';
const RULE = '#d5dce8';

type Doc = InstanceType<typeof PDFDocument>;

function table<Row>(doc: Doc, y: number, columns: PackColumn<Row>[], rows: Row[]): number {
  const total = columns.reduce((n, c) => n + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * WIDTH);
  const pad = 3;
  const cellHeight = (texts: string[], bold: boolean) => {
    doc.font(bold ? PDF_FONT_BOLD : PDF_FONT).fontSize(8);
    return Math.max(...texts.map((t, i) => doc.heightOfString(t, { width: widths[i]! - 2 * pad }))) + 2 * pad + 2;
  };
  const drawRow = (texts: string[], top: number, height: number, header: boolean) => {
    if (header) doc.rect(LEFT, top, WIDTH, height).fill('#eef1f5');
    doc
      .font(header ? PDF_FONT_BOLD : PDF_FONT)
      .fontSize(8)
      .fillColor(INK);
    let x = LEFT;
    texts.forEach((t, i) => {
      doc.text(t, x + pad, top + pad + 1, { width: widths[i]! - 2 * pad });
      x += widths[i]!;
    });
    doc
      .moveTo(LEFT, top + height)
      .lineTo(LEFT + WIDTH, top + height)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  };
  const headers = columns.map((c) => c.header);
  const headerHeight = cellHeight(headers, true);
  drawRow(headers, y, headerHeight, true);
  y += headerHeight;
  rows.forEach((row, index) => {
    const texts = columns.map((c) => printable(c.value(row, index)));
    const height = cellHeight(texts, false);
    if (y + height > BOTTOM) {
      doc.addPage();
      y = 50;
      drawRow(headers, y, headerHeight, true);
      y += headerHeight;
    }
    drawRow(texts, y, height, false);
    y += height;
  });
  return y;
}

function heading(doc: Doc, text: string, y: number): number {
  if (y + 60 > BOTTOM) {
    doc.addPage();
    y = 50;
  }
  doc.font(PDF_FONT_BOLD).fontSize(13).fillColor(INK).text(text, LEFT, y, { width: WIDTH });
  return doc.y + 6;
}

export async function renderDefencePackPdf(pack: DefencePack): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: 'A4',
    margins: { top: 50, left: LEFT, right: 50, bottom: 40 },
    bufferPages: true,
    info: {
      Title: `${pack.title} - order ${pack.summary.order_id}`,
      Author: pack.summary.landing_site,
      Subject: 'Chargeback evidence',
    },
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc
      .fillColor(ACCENT)
      .font(PDF_FONT_BOLD)
      .fontSize(10)
      .text(printable(`${pack.summary.landing_site} - chargeback evidence`), LEFT, 50);
    doc.fillColor(INK).fontSize(20).text(pack.title, LEFT, 66);
    doc
      .fillColor(MUTED)
      .font(PDF_FONT)
      .fontSize(9)
      .text(printable(generatedLine(pack)), LEFT, doc.y + 4, { width: WIDTH });
    let y = doc.y + 8;
    doc
      .moveTo(LEFT, y)
      .lineTo(LEFT + WIDTH, y)
      .strokeColor(ACCENT)
      .lineWidth(1.5)
      .stroke();

    y = heading(doc, 'Order summary', y + 14);
    for (const [label, value] of summaryRows(pack)) {
      doc.font(PDF_FONT_BOLD).fontSize(9);
      const height = Math.max(doc.heightOfString(printable(value), { width: WIDTH - 150 }), 11) + 6;
      if (y + height > BOTTOM) {
        doc.addPage();
        y = 50;
      }
      doc
        .fillColor(MUTED)
        .font(PDF_FONT)
        .text(label, LEFT, y + 3, { width: 140 });
      doc
        .fillColor(INK)
        .font(PDF_FONT_BOLD)
        .text(printable(value), LEFT + 150, y + 3, { width: WIDTH - 150 });
      y += height;
      doc
        .moveTo(LEFT, y)
        .lineTo(LEFT + WIDTH, y)
        .strokeColor('#edf0f5')
        .lineWidth(0.5)
        .stroke();
    }

    y = heading(doc, historyHeading(pack), y + 18);
    const rows = pack.type === 1 ? (pack.mails ?? []) : (pack.downloads ?? []);
    if (rows.length === 0) {
      doc.font(PDF_FONT).fontSize(10).fillColor(INK).text(pack.empty_text, LEFT, y, { width: WIDTH });
    } else if (pack.type === 1) {
      table(doc, y, MAIL_COLUMNS, pack.mails!);
    } else {
      table(doc, y, DOWNLOAD_COLUMNS, pack.downloads!);
    }

    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      doc.page.margins.bottom = 0;
      doc
        .moveTo(LEFT, 800)
        .lineTo(LEFT + WIDTH, 800)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke();
      doc
        .font(PDF_FONT)
        .fontSize(8)
        .fillColor(MUTED)
        .text(`Order ${pack.summary.order_id} - ${pack.title}`, LEFT, 806, { width: WIDTH / 2, lineBreak: false })
        .text(`Page ${i - range.start + 1} of ${range.count}`, LEFT + WIDTH / 2, 806, {
          width: WIDTH / 2,
          align: 'right',
          lineBreak: false,
        });
    }
    doc.end();
  });
}
