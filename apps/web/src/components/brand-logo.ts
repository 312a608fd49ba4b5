// The brand's mark is its icon (Brand.iconUrl). The build names the default brand's; the
// server writes the brand of the host asked into the pages it serves (the static shells of
// app/boot-shell.ts among them), and the app takes it from the brand (lib/brand.ts). One file
// for the tab's icon, the header's mark and the map's placeholder: one request, then the
// service worker's copy.
export const DEFAULT_ICON_URL = '/icon.svg';

/** The mark where it stands big while a screen loads: the map's placeholder, the splash. */
export const BIG_LOGO_SIZE = 80;
