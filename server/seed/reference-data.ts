/** Landing sites and payment gateways every installation starts with (example domains only). */
export const LANDING_SITES = [
  {
    siteKey: 'japan-arrival',
    name: 'Japan Arrival Card Online',
    domain: 'japan-arrival.example',
    logoUrl: '/brand/japan-arrival.svg',
    headerStyle: 'full' as const,
    menuLinks: [
      { label: 'Home', url: 'https://japan-arrival.example/' },
      { label: 'Apply Now', url: 'https://japan-arrival.example/apply' },
      { label: 'Additional Benefits', url: 'https://japan-arrival.example/benefits' },
      { label: 'Terms', url: 'https://japan-arrival.example/terms' },
      { label: 'Privacy', url: 'https://japan-arrival.example/privacy' },
      { label: 'Refund', url: 'https://japan-arrival.example/refund' },
      { label: 'Contact', url: 'https://japan-arrival.example/contact' },
    ],
    contactUrl: 'https://japan-arrival.example/contact',
    footerText: 'Japan Arrival Card Online is a private service and is not affiliated with the Government of Japan.',
    supportEmail: 'support@japan-arrival.example',
  },
  {
    siteKey: 'visit-japan-card',
    name: 'Visit Japan Card',
    domain: 'visit-japan-card.example',
    logoUrl: '/brand/visit-japan-card.svg',
    headerStyle: 'reduced' as const,
    menuLinks: [],
    contactUrl: 'https://visit-japan-card.example/contact',
    footerText: 'Visit Japan Card helps travellers prepare their arrival documents. Not a government website.',
    supportEmail: 'help@visit-japan-card.example',
  },
  {
    siteKey: 'nippon-entry',
    name: 'Nippon Entry Assist',
    domain: 'nippon-entry.example',
    logoUrl: '/brand/nippon-entry.svg',
    headerStyle: 'reduced' as const,
    menuLinks: [],
    contactUrl: 'https://nippon-entry.example/support',
    footerText: 'Nippon Entry Assist is an independent preparation service, not affiliated with any government.',
    supportEmail: 'care@nippon-entry.example',
  },
];

export const PAYMENT_GATEWAYS = ['Stripe', 'PayPal', 'Adyen', 'Checkout.com'];
export const ACTIVE_GATEWAY = 'Stripe';

export const DEMO_STAFF = [
  { name: 'Maya Manager', email: 'manager@arrivalcard.example', type: 'Manager' as const },
  { name: 'Tom Team', email: 'team@arrivalcard.example', type: 'Team' as const },
  { name: 'Carla Telecaller', email: 'telecaller@arrivalcard.example', type: 'Telecaller' as const },
  { name: 'Nico Night', email: 'night@arrivalcard.example', type: 'Night Staff' as const },
];
