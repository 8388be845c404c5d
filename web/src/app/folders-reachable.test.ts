/**
 * The folder table (shared/folders.ts) walked on the web: every folder has a route at its address that shows that
 * folder, is a staff address (and a queue address when QueuePage shows it), and has its navigation link with its
 * count field. The server half: server/features/folder-table.test.ts; the pages rendered: tests/e2e/folders.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { FOLDER_COUNT_FIELDS, FOLDERS, folderDeclaration } from '../../../shared/folders';
import { DASHBOARD_TILES, SIDEBAR_LINKS } from '../features/layout/navigation';
import { routes } from './router';
import { isQueuePath, isStaffPath, queueFolderAt } from './staff-paths';

/** The folder the deepest route matching `path` shows (router.tsx marks folder routes with `handle.folder`). */
function folderAt(path: string): unknown {
  const matches = matchRoutes(routes, path) ?? [];
  return (matches.at(-1)?.route.handle as { folder?: string } | undefined)?.folder;
}

describe('every folder of shared/folders.ts on the web', () => {
  it.each(FOLDERS)('%s has its route, its address and its link with its count', (folder) => {
    const { path, home, screen, count, read } = folderDeclaration(folder);
    expect(folderAt(path)).toBe(folder);
    expect(folderAt(`${path}/`)).toBe(folder);
    if (home) expect(folderAt('/admin')).toBe(folder);
    expect(isStaffPath(path)).toBe(true);
    expect(isQueuePath(path)).toBe(screen === 'queue');
    // The folder whose first page main.tsx asks for early.
    expect(queueFolderAt(path)).toBe(screen === 'queue' ? folder : undefined);
    expect(queueFolderAt(`${path}/`)).toBe(screen === 'queue' ? folder : undefined);
    if (home) expect(queueFolderAt('/admin')).toBe(folder);

    const links = [...DASHBOARD_TILES, ...SIDEBAR_LINKS].filter((link) => link.to === path);
    expect(links).toHaveLength(1);
    expect(links[0]!.count).toBe(count ?? undefined);
    expect(links[0]!.permission).toBe(read?.permission);
    if (count) expect(FOLDER_COUNT_FIELDS).toContain(count);
  });

  it('an address outside the table shows no folder', () => {
    expect(folderAt('/admin/no-such-folder')).toBeUndefined();
    expect(isQueuePath('/admin/no-such-folder')).toBe(false);
    expect(isQueuePath('/admin/future-order')).toBe(false);
  });
});
