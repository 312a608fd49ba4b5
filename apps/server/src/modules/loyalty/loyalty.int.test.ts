import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  checkLoyaltyAvailable,
  createLoyaltyCard,
  deleteLoyaltyCard,
  listLoyaltyCards,
  listLoyaltyCompanies,
  updateLoyaltyCard,
  type LoyaltyCard,
  type LoyaltyCompany,
} from '@evcharge/api/loyalty/loyalty';
import { loyaltyCards } from '../../db/schema/driver';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import { addLoyaltyCompany, cardNumber, withEan13, withLuhn } from '../../test/loyalty';

// SPEC §7 Loyalty: the programmes, and a driver's cards checked by their programme's format,
// added once, the driver's own only, with one default.

const server = withTestServer();
const driver = () => signedInUser(server);

const cardsOf = (userId: string) =>
  server.db.select().from(loyaltyCards).where(eq(loyaltyCards.userId, userId));

const add = (token: string, body: Record<string, unknown>) =>
  server.call<LoyaltyCard>(createLoyaltyCard, { token, body });

const list = async (token: string) =>
  (await server.call<{ items: LoyaltyCard[] }>(listLoyaltyCards, { token })).body.items;

describe('loyalty programmes', () => {
  it('lists the active ones by position, and says loyalty is available', async () => {
    const who = await driver();
    const second = await addLoyaltyCompany(server, { position: 2 });
    const first = await addLoyaltyCompany(server, {
      position: 1,
      benefitKind: 'points',
      discountPercent: null,
      pointsPerKwh: 2,
      numberLength: 16,
      numberPrefix: '7',
      checkDigit: 'luhn',
      barcode: 'code128',
      color: '#0b3d91',
      textColor: '#ffffff',
    });
    const ended = await addLoyaltyCompany(server, { position: 0, isActive: false });
    const answer = await server.call<{ items: LoyaltyCompany[] }>(listLoyaltyCompanies, {
      token: who.token,
    });
    const ids = answer.body.items.map((company) => company.id);
    expect(ids).not.toContain(ended.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(answer.body.items.find((company) => company.id === first.id)).toEqual({
      id: first.id,
      name: first.name,
      logoUrl: null,
      color: '#0b3d91',
      textColor: '#ffffff',
      format: { length: 16, prefix: '7', checkDigit: 'luhn' },
      barcode: 'code128',
      benefit: { kind: 'points', pointsPerKwh: 2 },
    });
    const available = await server.call(checkLoyaltyAvailable, { token: who.token });
    expect(available.body).toEqual({ available: true });
    expect((await server.fetch('/api/loyalty-company')).status).toBe(401);
  });
});

describe('a driver’s loyalty cards', () => {
  it('adds a card with its number normalized; the first becomes the default', async () => {
    const who = await driver();
    const company = await addLoyaltyCompany(server);
    const number = cardNumber('29', 13, 'ean13');
    const spaced = `${number.slice(0, 4)} ${number.slice(4, 8)}-${number.slice(8)}`;
    const created = await add(who.token, { companyId: company.id, number: spaced, name: 'Fuel' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      number,
      name: 'Fuel',
      isDefault: true,
      points: null,
      company: { id: company.id, benefit: { kind: 'discount', percent: 10 } },
    });
    const second = await add(who.token, {
      companyId: company.id,
      number: cardNumber('29', 13, 'ean13'),
    });
    expect(second.body).toMatchObject({ isDefault: false, name: null });
    expect((await list(who.token)).map((card) => card.id)).toEqual([
      created.body.id,
      second.body.id,
    ]);
  });

  it.each([
    ['too short', () => withEan13('290000000001').slice(0, 12)],
    ['too long', () => `${withEan13('290000000001')}0`],
    ['another prefix', () => withEan13('310000000001')],
    [
      'a wrong check digit',
      () =>
        `${withEan13('290000000001').slice(0, 12)}${(Number(withEan13('290000000001')[12]) + 1) % 10}`,
    ],
    ['letters', () => '29000000000AB'],
  ])('refuses a number with %s: LOYALTY_WRONG_NUMBER, nothing stored', async (_, number) => {
    const who = await driver();
    const company = await addLoyaltyCompany(server);
    const answer = await add(who.token, { companyId: company.id, number: number() });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'LOYALTY_WRONG_NUMBER',
      fields: [{ path: 'number', rule: 'invalid' }],
    });
    expect(await cardsOf(who.id)).toEqual([]);
  });

  it('checks a Luhn number of 16 digits', async () => {
    const who = await driver();
    const company = await addLoyaltyCompany(server, {
      benefitKind: 'points',
      discountPercent: null,
      pointsPerKwh: 2,
      numberLength: 16,
      numberPrefix: '7',
      checkDigit: 'luhn',
    });
    const good = withLuhn('700012345678901');
    const bad = `${good.slice(0, 15)}${(Number(good[15]) + 1) % 10}`;
    expect((await add(who.token, { companyId: company.id, number: bad })).status).toBe(400);
    const added = await add(who.token, { companyId: company.id, number: good });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ number: good, points: 0 });
  });

  it('adds a number once: the same driver or another gets LOYALTY_ALREADY_ADDED', async () => {
    const owner = await driver();
    const other = await driver();
    const company = await addLoyaltyCompany(server);
    const number = cardNumber('29', 13, 'ean13');
    expect((await add(owner.token, { companyId: company.id, number })).status).toBe(201);
    for (const who of [owner, other]) {
      const again = await add(who.token, { companyId: company.id, number });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'LOYALTY_ALREADY_ADDED' });
    }
    expect(await cardsOf(other.id)).toEqual([]);
    expect(await cardsOf(owner.id)).toHaveLength(1);
  });

  it('takes no card of a programme that ended, nor of an unknown one', async () => {
    const who = await driver();
    const ended = await addLoyaltyCompany(server, { isActive: false });
    const answer = await add(who.token, {
      companyId: ended.id,
      number: cardNumber('29', 13, 'ean13'),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fields: [{ path: 'companyId', rule: 'invalid' }] });
    const unknown = await add(who.token, {
      companyId: '00000000-0000-4000-8000-000000000000',
      number: cardNumber('29', 13, 'ean13'),
    });
    expect(unknown.status).toBe(400);
    expect(await cardsOf(who.id)).toEqual([]);
  });

  it('moves the default, renames and renumbers a card, and removes it', async () => {
    const who = await driver();
    const company = await addLoyaltyCompany(server);
    const first = (
      await add(who.token, { companyId: company.id, number: cardNumber('29', 13, 'ean13') })
    ).body;
    const second = (
      await add(who.token, {
        companyId: company.id,
        number: cardNumber('29', 13, 'ean13'),
        isDefault: true,
      })
    ).body;
    expect(second.isDefault).toBe(true);
    expect((await list(who.token)).map((card) => [card.id, card.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    const made = await server.call<LoyaltyCard>(updateLoyaltyCard, {
      token: who.token,
      params: { Id: first.id },
      body: { isDefault: true, name: 'Main' },
    });
    expect(made.body).toMatchObject({ isDefault: true, name: 'Main', number: first.number });
    const rows = await cardsOf(who.id);
    expect(rows.filter((row) => row.isDefault).map((row) => row.id)).toEqual([first.id]);

    const renumber = cardNumber('29', 13, 'ean13');
    const renumbered = await server.call<LoyaltyCard>(updateLoyaltyCard, {
      token: who.token,
      params: { Id: first.id },
      body: { number: renumber },
    });
    expect(renumbered.body).toMatchObject({ number: renumber, name: 'Main', isDefault: true });
    const wrong = await server.call(updateLoyaltyCard, {
      token: who.token,
      params: { Id: first.id },
      body: { number: '123' },
    });
    expect(wrong.body).toMatchObject({ code: 'LOYALTY_WRONG_NUMBER' });
    const taken = await server.call(updateLoyaltyCard, {
      token: who.token,
      params: { Id: first.id },
      body: { number: second.number },
    });
    expect(taken.body).toMatchObject({ code: 'LOYALTY_ALREADY_ADDED' });
    expect((await cardsOf(who.id)).find((row) => row.id === first.id)?.number).toBe(renumber);

    const removed = await server.call(deleteLoyaltyCard, {
      token: who.token,
      params: { id: first.id },
    });
    expect(removed.status).toBe(200);
    expect((await list(who.token)).map((card) => card.id)).toEqual([second.id]);
  });

  it('keeps a card its owner’s: another driver gets NOT_FOUND and changes nothing', async () => {
    const owner = await driver();
    const stranger = await driver();
    const company = await addLoyaltyCompany(server);
    const card = (
      await add(owner.token, { companyId: company.id, number: cardNumber('29', 13, 'ean13') })
    ).body;
    const changed = await server.call(updateLoyaltyCard, {
      token: stranger.token,
      params: { Id: card.id },
      body: { name: 'Mine', isDefault: true },
    });
    expect(changed.status).toBe(404);
    expect(changed.body).toMatchObject({ code: 'NOT_FOUND' });
    const deleted = await server.call(deleteLoyaltyCard, {
      token: stranger.token,
      params: { id: card.id },
    });
    expect(deleted.status).toBe(404);
    expect(await list(stranger.token)).toEqual([]);
    expect(await list(owner.token)).toEqual([card]);
  });
});
