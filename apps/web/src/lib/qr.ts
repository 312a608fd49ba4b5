// A connector's QR code is printed as a link to /c/{code}; the code itself is checked by
// parseQrCode in packages/api (find-by-qr.ts), the same check the server makes.

/** The code of a QR entry path (`/c/MSK0042-2`, with or without a query), or null. */
export function qrCodeFromPath(pathAndSearch: string | null): string | null {
  if (!pathAndSearch) return null;
  const match = /^\/c\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(pathAndSearch);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
