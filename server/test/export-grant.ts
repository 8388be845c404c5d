/**
 * Exports are Admin's and Manager's unless an Admin grants them to other roles (product: roles.md#exports): the tests
 * of what an export holds, which export as Team or Telecaller, start with that grant, made as an Admin makes it.
 */
import type { Role } from '../../shared/roles';
import type { TestContext } from './helper';

export async function grantExports(t: TestContext, grantedRoles: Role[]): Promise<void> {
  const admin = await t.loginAs('Admin', { name: 'Granting Admin' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/export-settings',
    headers: admin.headers,
    payload: { grantedRoles },
  });
  if (res.statusCode !== 200) throw new Error(`the export grant was refused: ${res.statusCode} ${res.body}`);
}
