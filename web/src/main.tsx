/**
 * Entry: the shared look, then one of three apps by the address. A customer on the public pages loads React and
 * those pages only; the sign-in page (`/`) React and its form only; staff screens load the staff app (router, query
 * cache, forms, toasts), which the sign-in app also starts after a completed sign-in. On a staff address the router
 * and its loaders start first, from a small module of their own (app/staff-app.ts), beside the rest of the staff app.
 */
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { firstScreenCode, firstScreenShowsTimes, isStaffPath, loadAdminLayout } from './app/staff-paths';
import { loadMessages } from './features/public/i18n/catalogs';
import { startingLocale } from './features/public/i18n/starting-locale';

/** A public page: its language's catalog comes beside the public app's code, not after that code has run. */
function startPublicPages() {
  const locale = startingLocale();
  void loadMessages(locale).catch(() => undefined);
  return import('./features/public/PublicApp').then((m) => m.startPublicApp(root, locale));
}

const root = document.getElementById('root')!;
const path = window.location.pathname;
const start =
  path === '/'
    ? import('./app/SignInApp').then((m) => m.startSignInApp(root))
    : isStaffPath(path)
      ? Promise.all([import('./app/staff-app').then((m) => m.createStaffApp()), import('./app/start-staff-app')]).then(
          ([app, m]) => m.startStaffApp(root, { app }),
        )
      : startPublicPages();
// The screen the address most likely shows, in its frame: their code comes beside the staff app's (staff-paths.ts
// says why). Asked for after the router's module, so that the browser evaluates that one first.
const firstScreen = firstScreenCode(path);
if (firstScreen) for (const load of [loadAdminLayout, firstScreen]) void load().catch(() => undefined);
// The browser's locale service starts now, while the main thread waits for the staff app's code, not between that
// code's arrival and the first screen's draw (docs/decisions/0064).
if (firstScreen && firstScreenShowsTimes(path))
  setTimeout(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', timeZoneName: 'short' }).format(0), 0);
start.catch(() => {
  // A chunk that cannot load (a deploy replaced it, the network dropped): say so instead of a blank page.
  root.innerHTML = '<p style="padding:2rem;font-family:sans-serif">This page could not load. Please reload it.</p>';
});
