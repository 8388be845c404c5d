/**
 * The folder table (shared/folders.ts) walked on the web: every folder has a route at its address that shows that
 * folder, is a staff address, and has its navigation link with its count field. The server half:
 * server/features/folder-table.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { FOLDER_COUNT_FIELDS, FOLDERS, folderDeclaration } from '../../../shared/folders';
import { DASHBOARD_TILES, SIDEBAR_LINKS } from '../features/layout/navigation';
import { QueryClient } from '@tanstack/react-query';
import { staffRoutes } from './router';
import { isStaffPath } from './staff-paths';

const routes = staffRoutes(new QueryClient());

/** The folder the deepest route matching `path` shows (router.tsx marks folder routes with `handle.folder`). */
function folderAt(path: string): unknown {
  const matches = matchRoutes(routes, path) ?? [];
  return (matches.at(-1)?.route.handle as { folder?: string } | undefined)?.folder;
}

describe('every folder of shared/folders.ts on the web', () => {
  it.each(FOLDERS)('%s has its route, its address and its link with its count', (folder) => {
    const { path, home, count, read } = folderDeclaration(folder);
    expect(folderAt(path)).toBe(folder);
    expect(folderAt(`${path}/`)).toBe(folder);
    if (home) expect(folderAt('/admin')).toBe(folder);
    expect(isStaffPath(path)).toBe(true);

    const links = [...DASHBOARD_TILES, ...SIDEBAR_LINKS].filter((link) => link.to === path);
    expect(links).toHaveLength(1);
    expect(links[0]!.count).toBe(count ?? undefined);
    expect(links[0]!.permission).toBe(read?.permission);
    if (count) expect(FOLDER_COUNT_FIELDS).toContain(count);
  });

  it('an address outside the table shows no folder', () => {
    expect(folderAt('/admin/no-such-folder')).toBeUndefined();
  });
});
