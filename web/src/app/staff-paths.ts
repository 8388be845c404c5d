/**
 * Which addresses are staff screens (the routes of router.tsx): main.tsx starts the staff app for these and the small
 * public app (features/public/PublicApp.tsx) for every other address. A pattern rather than the routes themselves,
 * which would bring the staff app's route table into every page's entry, the public pages' included;
 * folders-reachable.test.ts checks that every folder's address is one.
 */
const STAFF_PATH = /^\/(?:|admin(?:\/.*)?|logout\/?|two-factor-setup\/?)$/;

export const isStaffPath = (pathname: string) => STAFF_PATH.test(pathname);
