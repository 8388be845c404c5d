/**
 * The folder table (shared/folders.ts) walked in the browser: for each folder, a member of the least privileged
 * role that may read it opens its address and sees the folder's screen under its title, and its navigation link
 * shows the folder's count as the server counts it; a role that may not read it has no link. A folder added to the
 * table but missing from the router, the navigation or the counts fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readFolderCounts } from '../../server/features/queue-engine';
import { FOLDERS, folderDeclaration, type Folder } from '../../shared/folders';
import { can, PERMISSIONS, ROLES, type Permission, type Role } from '../../shared/roles';
import { type E2EServer, launchBrowser, newPage, signIn, startServer } from './harness';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  await server.createMember('Team', 'Seed Staff');
  await server.seedRecentOrders(80);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const mayRead = (role: Role, folder: Folder) => {
  const { read } = folderDeclaration(folder);
  return can(role, 'orders:work') && (!read || can(role, read.permission));
};
const permissionsOf = (role: Role) => (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p)).length;
/** The role with the fewest permissions that may read the folder. */
const leastAllowed = (folder: Folder) =>
  ROLES.filter((r) => mayRead(r, folder)).sort((a, b) => permissionsOf(a) - permissionsOf(b))[0]!;

describe('every folder of shared/folders.ts in the browser', () => {
  it('opens under its title for a role that may read it, with its count on its link; no link for the others', async () => {
    const byRole = new Map<Role, Folder[]>();
    for (const folder of FOLDERS)
      byRole.set(leastAllowed(folder), [...(byRole.get(leastAllowed(folder)) ?? []), folder]);
    const seen: Folder[] = [];
    for (const [role, folders] of byRole) {
      const member = await server.createMember(role, `Folder ${role}`);
      const { context, page } = await newPage(browser);
      await signIn(page, server.baseUrl, member.email);
      const counts = await readFolderCounts(server.database.db, member.id);
      for (const folder of folders) {
        const { path, title, count } = folderDeclaration(folder);
        await page.goto(`${server.baseUrl}${path}`);
        await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe(title);
        if (count) {
          const badge = page.locator(`a[href="${path}"] .tile-count, a[href="${path}"] [data-count="${count}"]`);
          await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe(String(counts[count]));
        } else {
          await expect(page.locator(`a[href="${path}"]`).count()).resolves.toBe(1);
        }
        seen.push(folder);
      }
      for (const folder of FOLDERS.filter((f) => !mayRead(role, f))) {
        await expect(
          page.locator(`a[href="${folderDeclaration(folder).path}"]`).count(),
          `${folder} as ${role}`,
        ).resolves.toBe(0);
      }
      await context.close();
    }
    expect(seen.sort()).toEqual([...FOLDERS].sort());
  }, 180_000);
});
