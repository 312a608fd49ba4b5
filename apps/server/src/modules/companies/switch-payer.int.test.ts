import { beforeAll, describe, expect, it } from 'vitest';
import { changeMultiaccount } from '@evcharge/api/companies/change-multiaccount';
import type { User } from '@evcharge/api/common';
import {
  connectedStation,
  eventually,
  type SimStation,
} from '../../test/charge-points';
import { driver, start } from '../../test/charging';
import { addCompany } from '../../test/companies';
import { withTestServer, withSimStations } from '../../test/hooks';
import { insertSessionTariff, MINUTE_MS, sessionOf, testCar } from '../../test/sessions';
import { walletBalanceMinor } from '../ledger';

// SPEC §6 multi-account: the payer of a session is fixed when it starts
// (charging_sessions.payer_company_id), so switching the profile while it runs moves nothing;
// the next start charges on the profile switched to.

let tariffId: string;
const server = withTestServer();
beforeAll(async () => {
  tariffId = await insertSessionTariff(server);
});
withSimStations(server, { ledger: true });

async function switchTo(token: string, body: object) {
  const answer = await server.call<User>(changeMultiaccount, { token, body });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Charges a minute, then the driver pulls the cable: the session is final. */
async function finish(station: SimStation, transactionId: number) {
  await eventually(async () => (await sessionOf(server, transactionId)).status === 'charging');
  station.clock.advance(MINUTE_MS);
  await station.flush();
  station.unplug(1);
  await station.flush();
  return eventually(async () => {
    const session = await sessionOf(server, transactionId);
    return session.status === 'success' && session;
  });
}

describe('switching the profile while a session is open', () => {
  it('leaves a corporate session on the company balance and the next start on the driver’s', async () => {
    const who = await driver(server, 100_000);
    const company = await addCompany(server, {
      members: [{ userId: who.id }],
      balanceMinor: 50_000,
    });
    const companyWallet = { kind: 'company_wallet' as const, companyId: company.id };
    const ownWallet = { kind: 'user_wallet' as const, userId: who.id };
    await switchTo(who.token, { accountType: 'CORPORATE', companyId: company.id });

    const { chargePoint, station } = await connectedStation(server, { tariffId });
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(started.status).toBe(200);
    // Mid-session the driver goes personal: the open session still belongs to the company.
    const personal = await switchTo(who.token, { accountType: 'PERSONAL' });
    expect(personal.activeCompany).toBeNull();

    const done = await finish(station, started.body.transactionId);
    expect(done.payerCompanyId).toBe(company.id);
    expect(done.costMinor).toBeGreaterThan(0);
    expect(await walletBalanceMinor(server.db, companyWallet, 'rub')).toBe(50_000 - done.costMinor);
    expect(await walletBalanceMinor(server.db, ownWallet, 'rub')).toBe(100_000);

    // The next start is personal.
    station.plug(1, testCar);
    await station.flush();
    const next = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(next.status).toBe(200);
    const nextDone = await finish(station, next.body.transactionId);
    expect(nextDone.payerCompanyId).toBeNull();
    expect(await walletBalanceMinor(server.db, ownWallet, 'rub')).toBe(
      100_000 - nextDone.costMinor,
    );
  });

  it('leaves a personal session on the driver’s balance when the driver goes corporate', async () => {
    const who = await driver(server, 100_000);
    const company = await addCompany(server, { members: [{ userId: who.id }] });
    const { chargePoint, station } = await connectedStation(server, { tariffId });
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(started.status).toBe(200);
    await switchTo(who.token, { accountType: 'CORPORATE', companyId: company.id });

    const done = await finish(station, started.body.transactionId);
    expect(done.payerCompanyId).toBeNull();
    expect(
      await walletBalanceMinor(server.db, { kind: 'user_wallet', userId: who.id }, 'rub'),
    ).toBe(100_000 - done.costMinor);
    expect(
      await walletBalanceMinor(server.db, { kind: 'company_wallet', companyId: company.id }, 'rub'),
    ).toBe(0);
    // The company has no money: the corporate profile may not start (SPEC §8).
    station.plug(1, testCar);
    await station.flush();
    const refused = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'COMPANY_BALANCE_INSUFFICIENT',
      message: 'Company balance empty or insufficient',
    });
  });
});
