import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  connectorStatusTime,
  listChargePoints,
  setConnectorAvailability,
} from '@evcharge/api/sessions/charge-points';
import { stations } from '../../db/schema/stations';
import { eventually } from '../../test/charge-points';
import { driver } from '../../test/charging';
import { withSessionStations, withTestServer } from '../../test/hooks';

// SPEC §7 GET /chargepoints, PUT /chargepoint/{id}/status/{status} and GET
// /socket/status_time/{id}: an owner's charge points, out of service and back.

const server = withTestServer();
const { connectedStation } = withSessionStations(server, { ledger: true });

describe('an owner’s charge points', () => {
  it('lists them with connectors, takes a connector out of service and back, and answers status times', async () => {
    const owner = await driver(server);
    const { chargePoint, station } = await connectedStation();
    await server.db
      .update(stations)
      .set({ isPrivate: true, ownerUserId: owner.id })
      .where(eq(stations.id, chargePoint.station.id));
    const list = await server.call<{
      items: { id: string; isOnline: boolean; connectors: { status: string }[] }[];
    }>(listChargePoints, { token: owner.token });
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: chargePoint.id,
        isOnline: true,
        connectors: [
          expect.objectContaining({ status: 'available' }),
          expect.objectContaining({ status: 'available' }),
        ],
      }),
    ]);
    const connectorId = chargePoint.station.connectorIds[0]!;
    const off = await server.call<{ result: string }>(setConnectorAvailability, {
      token: owner.token,
      params: { connectorId, status: 'unavailable' },
    });
    expect(off.body.result).toBe('Accepted');
    await station.flush();
    const status = await eventually(async () => {
      const answer = await server.call<{ status: string; statusCode: number }>(
        connectorStatusTime,
        { token: owner.token, params: { connectorId } },
      );
      return answer.body.status === 'unavailable' && answer.body;
    });
    expect(status.statusCode).toBe(2);
    // A private station's connector is nobody else's business.
    const stranger = await driver(server);
    expect(
      (await server.call(connectorStatusTime, { token: stranger.token, params: { connectorId } }))
        .status,
    ).toBe(404);
    expect(
      (
        await server.call(setConnectorAvailability, {
          token: stranger.token,
          params: { connectorId, status: 'available' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.call<{ items: unknown[] }>(listChargePoints, { token: stranger.token })).body
        .items,
    ).toEqual([]);
    const back = await server.call<{ result: string }>(setConnectorAvailability, {
      token: owner.token,
      params: { connectorId, status: 'available' },
    });
    expect(back.body.result).toBe('Accepted');
  });
});
