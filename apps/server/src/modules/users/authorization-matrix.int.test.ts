import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCar, deleteCar, getCarDetail, listCars, updateCar } from '@evcharge/api/cars/cars';
import { changeMultiaccount } from '@evcharge/api/companies/change-multiaccount';
import { getCompany, listCompanies } from '@evcharge/api/companies/companies';
import { getEvent, listEvents } from '@evcharge/api/events/events';
import {
  checkLikedStation,
  likeStation,
  listLikedStations,
  unlikeStation,
} from '@evcharge/api/favourites/favourite-stations';
import { deletionCheck } from '@evcharge/api/account/account';
import { addCompanyUser, listUsers } from '@evcharge/api/companies/members';
import { getPerson } from '@evcharge/api/account/persons';
import { checkPhoneCode } from '@evcharge/api/phone/check-code';
import { sendPhoneCode } from '@evcharge/api/phone/send-code';
import { getSelf } from '@evcharge/api/users/get-self';
import { cars } from '../../db/schema/driver';
import { userEvents } from '../../db/schema/notifications';
import { favouriteStations } from '../../db/schema/stations';
import { companies, companyMembers, users } from '../../db/schema/users';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import { addStation } from '../../test/station-builders';

// DESIGN.md Security: every query for a user's things is scoped by the caller. For each
// endpoint that touches a user's things (persons, cars, favourites, companies, events, phone
// confirmations), a second user gets 404 (or only their own things) and nothing changes.

type Owner = Awaited<ReturnType<typeof signedInUser>>;
let owner: Owner;
let stranger: Owner;
let carId: string;
let stationId: string;
let companyId: string;
let eventId: string;
let verificationId: string;

const server = withTestServer();
beforeAll(async () => {
  owner = await signedInUser(server, { name: 'Owner' });
  stranger = await signedInUser(server, { name: 'Stranger' });

  const car = await server.call<{ Id: string }>(createCar, {
    token: owner.token,
    body: { name: 'Owner car', vin: '5YJ3E1EA7KF317000' },
  });
  expect(car.status, JSON.stringify(car.body)).toBe(201);
  carId = car.body.Id;
  const station = await addStation(server, { lat: 12, lng: 12, connectors: [{}] });
  stationId = station.id;
  await server.call(likeStation, { token: owner.token, params: { id: stationId } });
  const [company] = await server.db
    .insert(companies)
    .values({ name: 'Owner fleet', currency: 'rub' })
    .returning();
  companyId = company!.id;
  await server.db.insert(companyMembers).values({ companyId, userId: owner.id, role: 'owner' });
  const [event] = await server.db
    .insert(userEvents)
    .values({ userId: owner.id, type: 'sessionEnded', data: { transactionId: 1 } })
    .returning();
  eventId = event!.id;
  const sent = await server.call<{ verificationId: string }>(sendPhoneCode, {
    token: owner.token,
    body: { phone: '+79995550011', method: 'qr' },
  });
  expect(sent.status).toBeLessThan(300);
  verificationId = sent.body.verificationId;
});

async function ownerCar() {
  const [row] = await server.db.select().from(cars).where(eq(cars.id, carId));
  return row;
}

describe("a second user and the first user's things", () => {
  it('persons: each reads only their own', async () => {
    const person = await server.call<{ email: string }>(getPerson, { token: stranger.token });
    expect(person.body.email).toBe(stranger.email);
    const self = await server.call<{ id: string }>(getSelf, { token: stranger.token });
    expect(self.body.id).toBe(stranger.id);
    const visible = await server.call<{ items: { id: string }[] }>(listUsers, {
      token: stranger.token,
    });
    expect(visible.body.items.map((u) => u.id)).toEqual([stranger.id]);
    const check = await server.call<{ balanceMinor: number }>(deletionCheck, {
      token: stranger.token,
    });
    expect(check.status).toBe(200);
  });

  it('cars: 404 on read, change and removal; the list has none of them', async () => {
    const before = await ownerCar();
    expect(
      (await server.call(getCarDetail, { token: stranger.token, query: { id: carId } })).status,
    ).toBe(404);
    expect(
      (
        await server.call(updateCar, {
          token: stranger.token,
          params: { Id: carId },
          body: { name: 'Taken' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.call(deleteCar, { token: stranger.token, params: { id: carId } })).status,
    ).toBe(404);
    const list = await server.call<{ items: { Id: string }[] }>(listCars, {
      token: stranger.token,
    });
    expect(list.body.items.map((c) => c.Id)).not.toContain(carId);
    expect(await ownerCar()).toEqual(before);
  });

  it("favourites: another's like is neither seen nor undone", async () => {
    const list = await server.call<{ items: { id: string }[] }>(listLikedStations, {
      token: stranger.token,
    });
    expect(list.body.items.map((s) => s.id)).not.toContain(stationId);
    const check = await server.call<{ isLiked?: boolean; liked?: boolean }>(checkLikedStation, {
      token: stranger.token,
      params: { id: stationId },
    });
    expect(JSON.stringify(check.body)).not.toContain('true');
    await server.call(unlikeStation, { token: stranger.token, params: { id: stationId } });
    const rows = await server.db
      .select()
      .from(favouriteStations)
      .where(and(eq(favouriteStations.userId, owner.id), eq(favouriteStations.stationId, stationId)));
    expect(rows).toHaveLength(1);
  });

  it('companies: 404 for a company of which one is not a member; no switch, no adding', async () => {
    expect(
      (await server.call(getCompany, { token: stranger.token, params: { id: companyId } })).status,
    ).toBe(404);
    const mine = await server.call<unknown[] | { items: unknown[] }>(listCompanies, {
      token: stranger.token,
    });
    expect(JSON.stringify(mine.body)).not.toContain(companyId);
    const switched = await server.call(changeMultiaccount, {
      token: stranger.token,
      body: { accountType: 'CORPORATE', companyId },
    });
    expect([403, 404]).toContain(switched.status);
    const added = await server.call(addCompanyUser, {
      token: stranger.token,
      body: { companyId, email: stranger.email },
    });
    expect(added.status).toBe(404);
    const [row] = await server.db.select().from(users).where(eq(users.id, stranger.id));
    expect(row).toMatchObject({ accountType: 'PERSONAL', activeCompanyId: null });
    const members = await server.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.companyId, companyId));
    expect(members.map((m) => m.userId)).toEqual([owner.id]);
  });

  it("events: another's notification is not listed, not opened, not marked read", async () => {
    const list = await server.call(listEvents, { token: stranger.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(eventId);
    expect(
      (await server.call(getEvent, { token: stranger.token, params: { guid: eventId } })).status,
    ).toBe(404);
    const [row] = await server.db.select().from(userEvents).where(eq(userEvents.id, eventId));
    expect(row?.readAt).toBeNull();
  });

  it("phone confirmation: another's verification is not found", async () => {
    const res = await server.call(checkPhoneCode, {
      token: stranger.token,
      body: { verificationId },
    });
    expect(res.status).toBe(404);
  });
});
