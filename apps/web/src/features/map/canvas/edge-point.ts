// Where the map points to a station outside its view: on the view's edge, inset so the pointer
// is drawn whole, on the line from the view's centre to the station.

export type EdgePoint = { x: number; y: number; angle: number };

/**
 * The point on the edge of a width × height view, `inset` px in, towards (x, y); null when
 * (x, y) lies inside the view (less `margin` px on every side), where the station shows itself.
 */
export function edgePoint(x: number, y: number, width: number, height: number, inset: number, margin = 0): EdgePoint | null {
  if (x >= margin && y >= margin && x <= width - margin && y <= height - margin) return null;
  const cx = width / 2;
  const cy = height / 2;
  const dx = x - cx;
  const dy = y - cy;
  const halfW = Math.max(0, cx - inset);
  const halfH = Math.max(0, cy - inset);
  // The largest share of the way to the station that stays inside the inset box.
  const scale = Math.min(dx === 0 ? Infinity : halfW / Math.abs(dx), dy === 0 ? Infinity : halfH / Math.abs(dy), 1);
  return { x: cx + dx * scale, y: cy + dy * scale, angle: Math.atan2(dy, dx) };
}
