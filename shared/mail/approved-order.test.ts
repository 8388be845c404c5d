import { describe, expect, it } from 'vitest';
import { approvedOrderWhatsAppUrl } from './approved-order';

const input = {
  orderId: 100042,
  givenName: 'EMILY',
  surname: "O'<b>BRIEN",
  siteName: 'Visit Japan Card',
  supportEmail: 'help@visit-japan-card.example',
  trackUrl: 'https://app.example/track-order/MjAwMDg0',
};

describe('approved-order WhatsApp message', () => {
  it('opens a WhatsApp chat with the customer number and the message prefilled', () => {
    const url = new URL(approvedOrderWhatsAppUrl({ ...input, phoneCode: '+61', phoneNumber: '412 345-678' }));
    expect(url.origin + url.pathname).toBe('https://wa.me/61412345678');
    expect(url.searchParams.get('text')).toBe(
      "Hello EMILY O'<b>BRIEN, your Japan Arrival Card (order 100042) is ready. Download it here: https://app.example/track-order/MjAwMDg0 (enter your order ID and the e-mail address you used). - Visit Japan Card",
    );
  });
});
