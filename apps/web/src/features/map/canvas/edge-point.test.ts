import { describe, expect, it } from 'vitest';
import { edgePoint } from './edge-point';

describe('edgePoint (the pointer to a station outside the map’s view)', () => {
  it('is none for a station inside the view', () => {
    expect(edgePoint(10, 10, 400, 300, 28)).toBeNull();
    expect(edgePoint(400, 300, 400, 300, 28)).toBeNull();
  });

  it('stands on the edge towards the station, inset, and points at it', () => {
    // Straight to the right of the centre (200, 150).
    expect(edgePoint(900, 150, 400, 300, 28)).toEqual({ x: 372, y: 150, angle: 0 });
    // Straight up.
    const up = edgePoint(200, -500, 400, 300, 28)!;
    expect(up.x).toBe(200);
    expect(up.y).toBe(28);
    expect(up.angle).toBeCloseTo(-Math.PI / 2);
  });

  it('keeps to the line from the centre to a station off a corner, on the edge it crosses first', () => {
    const corner = edgePoint(-600, 550, 400, 300, 28)!;
    // (-800, 400) from the centre: the left edge comes first, at x = 28.
    expect(corner.x).toBeCloseTo(28);
    expect(corner.y).toBeCloseTo(150 + 400 * (172 / 800));
    expect(corner.angle).toBeCloseTo(Math.atan2(400, -800));
  });
});
