import logoUrl from './app-logo.svg?no-inline';

/**
 * The staff app's logo (the sign-in page, the frame, the two-factor page). The file is hashed at build, as the page's
 * icon is (index.html names the same file): the browser asks for the icon again on every in-app navigation, and a
 * hashed file is answered from its cache for a year instead of a request per click (issue 27). Decorative: the app's
 * name is always written beside it.
 */
export function AppLogo({ size, className }: { size: number; className?: string }) {
  return <img src={logoUrl} alt="" width={size} height={size} className={className} />;
}
