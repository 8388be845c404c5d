import { describe, expect, it } from 'vitest';
import { visibleLinks } from './navigation';

const labels = (role: string) => visibleLinks(role).map((l) => l.label);
const COMMON = [
  'Awaiting Customer',
  'Awaiting Govt',
  'Contact Customer',
  'Customer Called',
  'Future Orders',
  'Deleted Orders',
  'Refunds',
  'Chargeback',
  'Country Order List',
  'Manage Invoices',
  'Sign-in & Security',
];

describe('sidebar links per role (product: roles.md#navigation)', () => {
  it('Admin sees everything, including the Mail Outbox', () => {
    expect(labels('Admin')).toEqual([
      'Awaiting Customer',
      'Awaiting Govt',
      'Contact Customer',
      'Customer Called',
      'Future Orders',
      'Order History',
      'Deleted Orders',
      'Refunds',
      'Chargeback',
      'Country Order List',
      'Manage Team',
      'Order Processed',
      'Order Processing Logs',
      'Information Requests',
      'Disputes Report',
      'Manage Invoices',
      'Mail Outbox',
      'Gateway Setting',
      'Exports',
      'Change Password',
      'Sign-in & Security',
      'Logout',
    ]);
  });
  it('Manager sees all but the Mail Outbox and Exports', () => {
    expect(labels('Manager')).toEqual(labels('Admin').filter((l) => l !== 'Mail Outbox' && l !== 'Exports'));
  });
  it('Team: no Manage Team, Gateway Setting, Order Processed, Processing Logs, Disputes Report', () => {
    expect(new Set(labels('Team'))).toEqual(new Set([...COMMON, 'Order History', 'Change Password', 'Logout']));
  });
  it('Telecaller: additionally no Order History', () => {
    expect(new Set(labels('Telecaller'))).toEqual(new Set([...COMMON, 'Change Password', 'Logout']));
  });
  it('Night Staff: no Manage Team, Gateway Setting or Change Password', () => {
    expect(new Set(labels('Night Staff'))).toEqual(new Set([...COMMON, 'Order History', 'Logout']));
  });
});
