/** The PDF invoice (product: orders.md#invoices), drawn with pdfkit in DejaVu Sans (pdf-fonts.ts): names print as typed. */
import { newPdfDocument, PDF_FONT, PDF_FONT_BOLD, printable } from '../../lib/pdf-fonts';
import { formatDate, formatMoney, PROCESSING_MODE_LABELS } from '../mail';

export interface InvoiceData {
  invoiceNumber: string;
  issuedAt: Date;
  orderId: number;
  customerName: string;
  customerEmail: string;
  processingMode: string;
  amount: string | null;
  currency: string | null;
  paidAt: Date | string | null;
  paymentGateway: string | null;
  merchantName: string | null;
  transactionId: string | null;
  seller: { name: string; domain: string; supportEmail: string; footerText: string };
}

export function invoiceNumber(orderId: number): string {
  return `INV-${orderId}`;
}

export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${data.invoiceNumber}`, Author: data.seller.name, Subject: `Order ${data.orderId}` },
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const accent = '#bc002d';
    doc.fillColor(accent).font(PDF_FONT_BOLD).fontSize(20).text(printable(data.seller.name), 50, 50);
    doc
      .fillColor('#616e7c')
      .font(PDF_FONT)
      .fontSize(10)
      .text(printable(`${data.seller.domain}  |  ${data.seller.supportEmail}`));
    doc.fillColor('#1f2933').font(PDF_FONT_BOLD).fontSize(26).text('INVOICE', 350, 50, { width: 195, align: 'right' });
    doc
      .font(PDF_FONT)
      .fontSize(10)
      .text(`Invoice number: ${data.invoiceNumber}`, 350, 86, { width: 195, align: 'right' })
      .text(`Invoice date: ${formatDate(data.issuedAt)}`, { width: 195, align: 'right' });

    doc.moveTo(50, 130).lineTo(545, 130).strokeColor(accent).lineWidth(2).stroke();

    doc.fillColor('#616e7c').fontSize(9).text('BILLED TO', 50, 150);
    doc.fillColor('#1f2933').font(PDF_FONT_BOLD).fontSize(12).text(printable(data.customerName), 50, 163);
    doc.font(PDF_FONT).fontSize(10).text(printable(data.customerEmail));

    const rows: [string, string][] = [
      ['Order ID', String(data.orderId)],
      ['Service', 'Japan Arrival Card preparation'],
      ['Processing mode', PROCESSING_MODE_LABELS[data.processingMode] ?? data.processingMode],
      ['Amount', formatMoney(data.amount, data.currency)],
      ['Currency', data.currency?.trim() || 'Not recorded'],
      ['Payment date', formatDate(data.paidAt)],
      ['Payment gateway', data.paymentGateway || 'Not recorded'],
      ['Merchant name', data.merchantName || 'Not recorded'],
      ['Transaction ID', data.transactionId || 'Not recorded'],
    ];
    let y = 220;
    doc.rect(50, y, 495, 22).fill('#f4f5f7');
    doc
      .fillColor('#1f2933')
      .font(PDF_FONT_BOLD)
      .fontSize(10)
      .text('Detail', 60, y + 7)
      .text('Value', 250, y + 7);
    y += 22;
    doc.font(PDF_FONT).fontSize(10);
    for (const [label, value] of rows) {
      doc.fillColor('#616e7c').text(label, 60, y + 7, { width: 180 });
      doc.fillColor('#1f2933').text(printable(value), 250, y + 7, { width: 285 });
      y += 24;
      doc.moveTo(50, y).lineTo(545, y).strokeColor('#e4e7eb').lineWidth(0.5).stroke();
    }
    y += 16;
    doc
      .font(PDF_FONT_BOLD)
      .fontSize(13)
      .fillColor('#1f2933')
      .text(`Total paid: ${formatMoney(data.amount, data.currency)}`, 250, y, { width: 295, align: 'right' });

    doc
      .font(PDF_FONT)
      .fontSize(8)
      .fillColor('#616e7c')
      .text(printable(data.seller.footerText), 50, 760, { width: 495, align: 'center' });
    doc.end();
  });
}
