import logoUrl from './app-logo.svg?no-inline';

/**
 * The staff app's logo (the sign-in page, the frame, the two-factor page). The file is hashed at build, and so is the
 * page's icon (index.html: app-icon.png, drawn from this logo by scripts/app-icon.mjs): both are answered from the
 * browser's cache for a year instead of a request per click. Decorative: the app's name is always written
 * beside it.
 */
export function AppLogo({ size, className }: { size: number; className?: string }) {
  return <img src={logoUrl} alt="" width={size} height={size} className={className} />;
}
