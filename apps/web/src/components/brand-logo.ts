// The plug-and-bolt mark (512 × 512) in the brand's colours through CSS variables: BrandMark
// draws it, and the static shell in index.html (app/boot-shell.ts) prerenders it.
export const brandLogo = {
  viewBox: '0 0 512 512',
  cornerRadius: 112,
  prongs: 'M196 96h32v72h-32zM284 96h32v72h-32z',
  body: 'M160 168H352V232C352 292 316 340 272 348V416H240V348C196 340 160 292 160 232Z',
  bolt: 'M274 192L214 274H250L238 332L298 246H262Z',
} as const;

// The app icon's colours (public/icon.svg).
const iconFill = '#0b6e4f';
const iconProngs = '#d9f7e8';

const iconSvg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${brandLogo.viewBox}">` +
  `<rect width="512" height="512" rx="${brandLogo.cornerRadius}" fill="${iconFill}"/>` +
  `<path d="${brandLogo.prongs}" fill="${iconProngs}"/>` +
  `<path d="${brandLogo.body}" fill="#fff"/>` +
  `<path d="${brandLogo.bolt}" fill="${iconFill}"/></svg>`;

/**
 * The mark as an image (the app's icon), where it stands big while a screen loads: the map's
 * placeholder and the static shells (app/boot-shell.ts). Inline, so it needs no request and is
 * on screen with the shell's first paint.
 */
export const brandLogoImage = { src: `data:image/svg+xml,${encodeURIComponent(iconSvg)}`, size: 80 } as const;
