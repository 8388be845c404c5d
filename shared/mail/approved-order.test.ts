import { describe, expect, it } from 'vitest';
import { approvedOrderMail, approvedOrderWhatsAppUrl } from './approved-order';

const input = {
  orderId: 100042,
  givenName: 'EMILY',
  surname: "O'<b>BRIEN",
  siteName: 'Visit Japan Card',
  supportEmail: 'help@visit-japan-card.example',
  trackUrl: 'https://app.example/track-order/MjAwMDg0',
};

describe('approved-order mail', () => {
  it('links to the track page and escapes what the customer typed', () => {
    const mail = approvedOrderMail(input);
    expect(mail.subject).toBe('Your Japan Arrival Card is ready (order 100042)');
    expect(mail.html).toContain('href="https://app.example/track-order/MjAwMDg0"');
    expect(mail.html).toContain('Dear EMILY O&#39;&lt;b&gt;BRIEN,');
    expect(mail.html).not.toContain('<b>BRIEN');
    expect(mail.text).toContain(
      'Download your arrival card from your order page: https://app.example/track-order/MjAwMDg0',
    );
  });

  it('opens a WhatsApp chat with the customer number and the message prefilled', () => {
    const url = new URL(approvedOrderWhatsAppUrl({ ...input, phoneCode: '+61', phoneNumber: '412 345-678' }));
    expect(url.origin + url.pathname).toBe('https://wa.me/61412345678');
    expect(url.searchParams.get('text')).toBe(
      "Hello EMILY O'<b>BRIEN, your Japan Arrival Card (order 100042) is ready. Download it here: https://app.example/track-order/MjAwMDg0 (enter your order ID and the e-mail address you used). - Visit Japan Card",
    );
  });
});
