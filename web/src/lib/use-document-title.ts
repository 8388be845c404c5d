import { useEffect } from 'react';
import { APP_NAME } from './app-name';

/**
 * The page title is the product name (index.html, filled in by the server) on every screen but Manage Team,
 * which shows "Manage Team | {name}" (product: screens.md#page-title): that screen calls this, and leaving it restores the name.
 */
export function useDocumentTitle(prefix: string) {
  useEffect(() => {
    document.title = `${prefix} | ${APP_NAME}`;
    return () => {
      document.title = APP_NAME;
    };
  }, [prefix]);
}
