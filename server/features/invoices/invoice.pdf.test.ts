import { describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { renderInvoicePdf, type InvoiceData } from './invoice.pdf';

const invoice = (overrides: Partial<InvoiceData>): InvoiceData => ({
  invoiceNumber: 'INV-100042',
  issuedAt: new Date('2026-03-14T10:00:00Z'),
  orderId: 100042,
  customerName: 'EMILY TANAKA-SMITH',
  customerEmail: 'emily@mail.example',
  processingMode: 'standard',
  amount: '49.00',
  currency: 'EUR',
  paidAt: new Date('2026-03-14T09:00:00Z'),
  paymentGateway: 'Stripe',
  merchantName: 'Arrival Services Ltd',
  transactionId: 'txn_1',
  seller: {
    name: 'Japan Arrival Card Online',
    domain: 'arrivalcard.example',
    supportEmail: 'help@arrivalcard.example',
    footerText: 'Thank you.',
  },
  ...overrides,
});

const textOf = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

describe('the PDF invoice', () => {
  it('prints names in Latin, Greek and Cyrillic letters as the customer typed them', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        customerName: 'ŁUKASZ DVOŘÁK-ŞAHİN',
        customerEmail: 'łukasz.dvořák@pošta.example',
        merchantName: 'Ольга Νίκη Trần Ltd',
      }),
    );
    const text = await textOf(pdf);
    for (const expected of [
      'ŁUKASZ DVOŘÁK-ŞAHİN',
      'łukasz.dvořák@pošta.example',
      'Ольга Νίκη Trần Ltd',
      'INV-100042',
      '€49.00',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(pdf.length).toBeLessThan(100_000); // the font is embedded as a subset of the glyphs used
  });

  it('prints "?" for a character the font has no glyph for', async () => {
    const text = await textOf(await renderInvoicePdf(invoice({ customerName: 'WANG 王 LI' })));
    expect(text).toContain('WANG ? LI');
  });
});
