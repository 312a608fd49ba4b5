import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickPeriod } from '@evcharge/domain/reservation';
import { connectors, stations } from '../../db/schema/stations';
import { driver, expectLedgerBalanced } from '../../test/charging';
import { withTestServer } from '../../test/hooks';
import { moneyDeps } from '../../test/money-deps';
import { walletOf } from '../../test/reservations';
import { roamingDeps, withPeers } from '../../test/roaming';
import { pullPartner, registerWith } from '../roaming';
import type { RoamingLink } from '../sessions';
import { appIdTag } from '../sessions';
import { beginReservation, roamingReservationResult, type ReservationDeps } from './lifecycle';
import { insertReservation } from './repo';

// OCPI 2.2.1 §13.1: a partner may POST the CommandResult of RESERVE_NOW before we have taken
// in its CommandResponse. A result that fails the reservation first leaves nothing held: the
// reservation fails once, costs nothing, and the partner is not sent a CANCEL_RESERVATION.

const server = withTestServer();
const newPeer = withPeers();

describe('a partner’s result that comes before its answer is taken in', () => {
  it('fails the reservation once, at no cost, and cancels nothing at the partner', async () => {
    const peer = await newPeer({ countryCode: 'FI', partyId: 'RRC' });
    const partner = await registerWith(
      roamingDeps(server),
      peer.versionsUrl,
      peer.config.registrationToken,
    );
    await pullPartner(roamingDeps(server), partner.id, { warn: () => undefined });
    const [connector] = await server.db
      .select({ id: connectors.id })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(and(eq(stations.roamingPartnerId, partner.id), eq(connectors.status, 'available')));
    const who = await driver(server, 100_000);
    const reservation = await insertReservation(server.db, {
      userId: who.id,
      connectorId: connector!.id,
      mode: 'quick',
      ...quickPeriod(new Date()),
      status: 'scheduled',
      fixedCostMinor: 5_000,
      idleMinuteCostMinor: 100,
      currency: 'rub',
      idTag: appIdTag(),
      paymentMethod: 'balance',
    });

    const cancels: string[] = [];
    const link: RoamingLink = {
      startSession: async () => ({ kind: 'failed', reason: 'unreachable' }),
      stopSession: async () => ({ kind: 'failed', reason: 'unreachable' }),
      authorizeToken: async () => ({ kind: 'failed' }),
      async reserveNow(request) {
        await roamingReservationResult(
          deps,
          request.partnerId,
          'RESERVE_NOW',
          request.reservationId,
          'EVSE_OCCUPIED',
        );
        return { kind: 'answered', result: 'ACCEPTED', timeoutSeconds: 30 };
      },
      async cancelReservation(request) {
        cancels.push(request.reservationId);
        return { kind: 'answered', result: 'ACCEPTED', timeoutSeconds: 30 };
      },
    };
    const deps: ReservationDeps = {
      ...(await moneyDeps(server)),
      chargePoints: server.app.chargePoints,
      roamingLink: link,
    };

    const ended = await beginReservation(deps, reservation);
    expect(ended).toMatchObject({
      status: 'failed',
      failReason: 'Occupied',
      costMinor: 0,
      ocpiResultDueAt: null,
    });
    expect(cancels).toEqual([]);
    expect(await walletOf(server, who)).toBe(100_000);
    await expectLedgerBalanced(server);
  });
});
