import { useLayoutEffect } from 'react';
import { APP_NAME } from './app-name';

/**
 * The page title is the product name (index.html, filled in by the server) on every screen but Manage Team,
 * which shows "Manage Team | {name}" (product: screens.md#page-title): that screen calls this, and leaving it restores the name.
 * A layout effect: the title changes in the same commit as the screen, so the next screen is never drawn under the
 * last one's title (a passive effect's clean-up may run after the next screen is on the page).
 */
export function useDocumentTitle(prefix: string) {
  useLayoutEffect(() => {
    document.title = `${prefix} | ${APP_NAME}`;
    return () => {
      document.title = APP_NAME;
    };
  }, [prefix]);
}
