/**
 * A download's User-Agent header as the Download History shows it: browser,
 * device, device type and OS. Parsed with bowser (MIT licence).
 */
import Bowser from 'bowser';

export interface ParsedUserAgent {
  browser: string | null;
  device: string | null;
  deviceType: string | null;
  os: string | null;
}

const TYPE_LABELS: Record<string, string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  tv: 'TV',
  bot: 'Bot',
};

const join = (...parts: (string | undefined | null)[]) =>
  parts
    .filter((p) => p && p.trim())
    .join(' ')
    .trim() || null;

export function parseUserAgent(userAgent: string | undefined | null): ParsedUserAgent {
  const text = (userAgent ?? '').slice(0, 1000);
  if (!text.trim()) return { browser: null, device: null, deviceType: null, os: null };
  const { browser, os, platform } = Bowser.parse(text);
  const major = browser.version?.split('.')[0];
  const deviceType = platform.type ? (TYPE_LABELS[platform.type] ?? platform.type) : null;
  // Phones and tablets name themselves (vendor, model); a desktop browser does not, so it is "Computer".
  const device = join(platform.vendor, platform.model) ?? (platform.type === 'desktop' ? 'Computer' : null);
  return {
    browser: join(browser.name, major),
    device,
    deviceType,
    os: join(os.name, os.versionName ?? os.version),
  };
}
