/**
 * docs/product/roles.md's generated tables (permissions from shared/roles.ts, navigation from
 * web/src/features/layout/navigation.ts): regenerated here, they must equal the committed ones.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES } from '../../shared/roles';
import {
  BEGIN,
  END,
  NAV_BEGIN,
  NAV_END,
  ROLES_DOC,
  renderNavigationTable,
  renderRolesTable,
  withRolesTable,
} from '../../scripts/docs-roles';

describe('docs/product/roles.md', () => {
  const doc = readFileSync(ROLES_DOC, 'utf8');

  it('holds the tables the code gives (else run npm run docs:roles and commit roles.md)', () => {
    for (const marker of [BEGIN, END, NAV_BEGIN, NAV_END]) expect(doc).toContain(marker);
    expect(doc).toBe(withRolesTable(doc));
  });

  it('shows each navigation link to the roles its permission names', () => {
    const history = renderNavigationTable()
      .split('\n')
      .find((r) => r.includes('| Order History |'))!;
    expect(history).toContain('Admin, Manager, Team, Night Staff (`orders:history`)');
    expect(doc).toContain(history);
  });

  it('has one row per permission and one column per role, marked as the code says', () => {
    const rows = renderRolesTable().split('\n').slice(2);
    expect(rows).toHaveLength(Object.keys(PERMISSIONS).length);
    const telecaller = ROLES.indexOf('Telecaller');
    const history = rows
      .find((r) => r.startsWith('| `orders:history` |'))!
      .split(' | ')
      .slice(2);
    expect(history[telecaller]).toBe('-');
    expect(history[0]).toBe('yes');
    // The committed doc carries exactly these rows.
    for (const row of rows) expect(doc).toContain(row);
  });
});
