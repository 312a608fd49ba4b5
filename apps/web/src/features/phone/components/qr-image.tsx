import { encode } from 'uqr';

/**
 * A QR code as SVG, dark on a light field whatever the theme (scanners need the contrast).
 * The encoder (uqr, a few kB) lives only in the confirmPhone chunk.
 */
export function QrImage({ text, label }: { text: string; label: string }) {
  const { size, data } = encode(text, { ecc: 'M', border: 0 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((isDark, x) => {
      if (isDark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      className="phone-qr__image"
      viewBox={`-4 -4 ${size + 8} ${size + 8}`}
      role="img"
      aria-label={label}
      data-testid="phone-qr-image"
    >
      <rect x={-4} y={-4} width={size + 8} height={size + 8} fill="#fff" />
      <path d={path} fill="#000" shapeRendering="crispEdges" />
    </svg>
  );
}
