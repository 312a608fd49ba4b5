import { availabilityCode, chargeClassCode, markerColors } from '../model/codes';
import type { DrawItem } from './draw-items';

const SELECTED_RING = '#0f172a';
const LOCATED = '#1a5fd1';
const FOCUS_RING = '#0b3d91';

function colorOf(availability: number): string {
  return markerColors[availability] ?? markerColors[availabilityCode.offline]!;
}

/** A lightning bolt centred on (x, y), `size` px tall. */
export function bolt(ctx: CanvasRenderingContext2D, x: number, y: number, size: number): void {
  const s = size / 20;
  ctx.beginPath();
  ctx.moveTo(x + 1.5 * s, y - 10 * s);
  ctx.lineTo(x - 6 * s, y + 1.5 * s);
  ctx.lineTo(x - 0.5 * s, y + 1.5 * s);
  ctx.lineTo(x - 1.5 * s, y + 10 * s);
  ctx.lineTo(x + 6 * s, y - 1.5 * s);
  ctx.lineTo(x + 0.5 * s, y - 1.5 * s);
  ctx.closePath();
  ctx.fill();
}

function disc(ctx: CanvasRenderingContext2D, x: number, y: number, radius: number, fill: string, stroke = '#ffffff', width = 2): void {
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = width;
  ctx.strokeStyle = stroke;
  ctx.stroke();
}

export function paintStation(ctx: CanvasRenderingContext2D, item: Extract<DrawItem, { kind: 'station' }>, x: number, y: number, isSelected: boolean): void {
  if (isSelected) disc(ctx, x, y, item.radius + 5, 'rgba(255,255,255,0.9)', SELECTED_RING, 3);
  disc(ctx, x, y, item.radius, colorOf(item.availability));
  ctx.fillStyle = '#ffffff';
  if (item.chargeClass === chargeClassCode.fast) {
    bolt(ctx, x, y, item.radius * 1.45);
  } else if (item.chargeClass === chargeClassCode.slow) {
    // Slow AC: a small plug dot, so fast, slow and in-between read apart without colour.
    ctx.beginPath();
    ctx.arc(x, y, item.radius * 0.32, 0, Math.PI * 2);
    ctx.fill();
  }
  if (item.availability === availabilityCode.offline) {
    // Out of order: struck through, for drivers who cannot tell grey from green.
    ctx.beginPath();
    ctx.moveTo(x - item.radius * 0.7, y + item.radius * 0.7);
    ctx.lineTo(x + item.radius * 0.7, y - item.radius * 0.7);
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
  }
}

export function paintCluster(ctx: CanvasRenderingContext2D, item: Extract<DrawItem, { kind: 'cluster' }>, x: number, y: number, label: string): void {
  const color = colorOf(item.availability);
  ctx.globalAlpha = 0.28;
  disc(ctx, x, y, item.radius + 4, color, color, 0);
  ctx.globalAlpha = 1;
  disc(ctx, x, y, item.radius, color, '#ffffff', 2.5);
  ctx.fillStyle = '#ffffff';
  ctx.font = `700 ${label.length > 3 ? 11 : 13}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, x, y + 0.5);
}

export function paintLocated(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  ctx.globalAlpha = 0.2;
  disc(ctx, x, y, 18, LOCATED, LOCATED, 0);
  ctx.globalAlpha = 1;
  disc(ctx, x, y, 8, LOCATED, '#ffffff', 3);
}

const HIGHLIGHT = '#1a5fd1';

/** A station pointed at in the list: a soft halo and a strong ring around its marker. */
export function paintHighlight(ctx: CanvasRenderingContext2D, x: number, y: number, radius: number): void {
  ctx.globalAlpha = 0.25;
  disc(ctx, x, y, radius + 12, HIGHLIGHT, HIGHLIGHT, 0);
  ctx.globalAlpha = 1;
  disc(ctx, x, y, radius + 5, '#ffffff', HIGHLIGHT, 3);
}

/**
 * The keyboard's focus on a marker: a ring in two colours (dark inside light), which shows on
 * light tiles and dark ones alike (WCAG 2.4.7 Focus Visible, 2.4.13 Focus Appearance).
 */
export function paintFocusRing(ctx: CanvasRenderingContext2D, x: number, y: number, radius: number): void {
  ctx.beginPath();
  ctx.arc(x, y, radius + 7, 0, Math.PI * 2);
  ctx.lineWidth = 6;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x, y, radius + 7, 0, Math.PI * 2);
  ctx.lineWidth = 3;
  ctx.strokeStyle = FOCUS_RING;
  ctx.stroke();
}

/**
 * A station pointed at in the list that lies outside the map's view: a pin on the map's edge,
 * its point turned towards the station (`angle` in radians, 0 pointing right).
 */
export function paintEdgePointer(ctx: CanvasRenderingContext2D, x: number, y: number, angle: number): void {
  const radius = 12;
  const tip = 26;
  // Where the sides from the tip touch the round head: a smooth teardrop.
  const spread = Math.acos(radius / tip);
  ctx.beginPath();
  ctx.moveTo(x + Math.cos(angle) * tip, y + Math.sin(angle) * tip);
  ctx.arc(x, y, radius, angle + spread, angle - spread + Math.PI * 2);
  ctx.closePath();
  ctx.fillStyle = HIGHLIGHT;
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x, y, 4.5, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
}
