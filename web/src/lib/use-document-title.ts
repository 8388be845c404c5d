import { useEffect } from 'react';
import { APP_NAME } from './app-name';

/** Page title: the product name, or "{prefix} | {name}" (spec: "Manage Team | " + name). */
export function useDocumentTitle(prefix?: string) {
  useEffect(() => {
    document.title = prefix ? `${prefix} | ${APP_NAME}` : APP_NAME;
    return () => { document.title = APP_NAME; };
  }, [prefix]);
}
