// The one Chromium every browser tool uses: Debian's package (never a downloaded browser), and
// the flags this machine needs for it (no internet, no GPU, running as a service user).

/** Debian's Chromium, unless CHROME_PATH points elsewhere. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
