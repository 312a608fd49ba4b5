import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import type { Brand } from '@/lib/brand';
import type { StoredClient } from '@/lib/storage';

/** A sign-in result as the server returns it, for tests that need a signed-in session. */
export function buildClient(accessToken = 'token', patch: Partial<StoredClient['user']> = {}): StoredClient {
  return {
    accessToken,
    CurrencyCode: 'rub',
    Lang: 'en',
    user: {
      id: 'u1', name: 'Anna', surname: 'Petrova', patronymic: null, email: 'anna@example.com',
      phone: '+79990000000', isEmailConfirmed: true, isPhoneConfirmed: false, Lang: 'en',
      accountType: 'PERSONAL', currency: 'rub', balanceMinor: 150_050, debtMinor: 0,
      activeCompany: null, privacyPolicyVersion: '1', ...patch,
    },
  };
}

/** The demo brand as GET /api/brand returns it. */
export function buildBrand(): Brand {
  return {
    id: 'demo', title: 'evcharge', shortTitle: 'evcharge', iconUrl: '/icon.svg', maskableIconUrl: '/icon-maskable.svg',
    colors: { primary: '#0b8a5f', primaryDark: '#066246', accent: '#f5a623' },
    support: {
      contacts: [
        { type: 'Email', value: 'support@evcharge.demo' },
        { type: 'Telegram', value: '@evcharge_support' },
        { type: 'SupportPhoneNumber', value: '+7 800 555-35-35' },
      ],
      hours: { from: '09:00', to: '21:00', utcOffsetMinutes: 120 },
      responseMinutes: 30,
    },
    currency: 'rub', country: 'ru',
    map: { tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'OSM', center: [55.75, 37.61], zoom: 10 },
    mainSiteUrl: 'https://main.example', privacyPolicyVersion: '1', analytics: { kind: 'none' },
    seller: { name: 'Seller LLC', taxId: '7701234567', address: 'Moscow', email: 'r@example.com', vatRatePercent: 20 },
    privateStations: { platformFeePercent: 15, maxPerKwhMinor: 3000, maxPerMinuteMinor: 500, maxParkingPerMinuteMinor: 1000 },
  };
}

/** A station as GET /api/v2/chargestation/{guid} returns it: two connectors, a night zone. */
export function buildStation(patch: Partial<StationDetail> = {}): StationDetail {
  const day = [{ from: '08:00', to: '22:00' }];
  return {
    id: '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f', code: 'MOW-00042', altName: 'MOW00042', name: 'Tverskaya 12',
    address: 'Tverskaya St 12', city: 'Moscow', region: 'Moscow region', country: 'ru', lat: 55.7652, lng: 37.6041,
    availability: 'free', label: 'works', chargeClass: 'fast', maxPowerKw: 150, freeConnectors: 1, totalConnectors: 2,
    isRoaming: false, roamingOperator: null, isLimitedAccess: false, isPrivate: false, supportsRfid: true,
    schedule: { mo: day, tu: day, we: day, th: day, fr: day, sa: [{ from: '10:00', to: '18:00' }], su: [] },
    workHours: '08:00-22:00', utcOffsetMinutes: 180, isOpenNow: true, opensAt: null,
    connectors: [
      { id: 'c1', number: 1, socketType: 'ccs2', currentType: 'DC', powerKw: 150, amperage: 200, status: 'available', chargeClass: 'fast', statusCode: 1, statusSince: '2024-05-01T10:00:00+03:00', qrCode: 'MOW-00042-1', reservedUntil: null, isReservedByMe: false, roamingTariffId: null },
      { id: 'c2', number: 2, socketType: 'type2', currentType: 'AC', powerKw: 22, amperage: 32, status: 'charging', chargeClass: 'slow', statusCode: 4, statusSince: '2024-05-01T11:30:00+03:00', qrCode: 'MOW-00042-2', reservedUntil: null, isReservedByMe: false, roamingTariffId: null },
    ],
    tariff: {
      currency: 'rub', startFeeMinor: 0, firstConsumptionFeeMinor: 0, reservationFeeMinor: 5000, reservationPerMinuteMinor: 200, minimalCostMinor: 10000,
      perKwhMinor: 1850, perMinuteMinor: 0, parkingPerMinuteMinor: 500,
      zones: [{ from: '23:00', to: '07:00', perKwhMinor: 1200, perMinuteMinor: 0, parkingPerMinuteMinor: 0 }],
    },
    freeIdleMinutes: 15, tariffChangesAt: null, nextTariff: null, isFavourite: false, supportsPeriodReservation: true, roaming: null,
    ...patch,
  };
}

type RoamingTariff = NonNullable<StationDetail['roaming']>['tariffs'][number];

/**
 * A roaming partner's OCPI 2.2.1 tariffs (prices in EUR excl. VAT): DC energy dearer above 50 kW,
 * a session fee, parking cheaper at night and capped; AC energy cheaper at weekends and
 * charging time paid after 2 h.
 */
export function buildRoamingTariffs(): RoamingTariff[] {
  return [
    {
      country_code: 'SE', party_id: 'NCH', id: 'NC-DC', currency: 'EUR', last_updated: '2026-11-01T00:00:00Z',
      max_price: { excl_vat: 30, incl_vat: 36 },
      elements: [
        { price_components: [{ type: 'ENERGY', price: 0.45, vat: 20, step_size: 1 }], restrictions: { min_power: 50 } },
        { price_components: [{ type: 'ENERGY', price: 0.35, vat: 20, step_size: 1 }, { type: 'FLAT', price: 0.5, vat: 20, step_size: 1 }] },
        { price_components: [{ type: 'PARKING_TIME', price: 1.2, vat: 20, step_size: 60 }], restrictions: { start_time: '22:00', end_time: '06:00' } },
        { price_components: [{ type: 'PARKING_TIME', price: 6, vat: 20, step_size: 60 }] },
      ],
    },
    {
      country_code: 'SE', party_id: 'NCH', id: 'NC-AC', currency: 'EUR', last_updated: '2026-11-01T00:00:00Z',
      elements: [
        { price_components: [{ type: 'ENERGY', price: 0.3, vat: 20, step_size: 1 }], restrictions: { day_of_week: ['SATURDAY', 'SUNDAY'] } },
        { price_components: [{ type: 'ENERGY', price: 0.4, vat: 20, step_size: 1 }] },
        { price_components: [{ type: 'TIME', price: 3, vat: 20, step_size: 60 }], restrictions: { min_duration: 7200 } },
      ],
    },
  ];
}

/**
 * A roaming partner's station (NordCharge) as the station detail returns it: no tariff of ours,
 * two DC connectors on one partner tariff and an AC one on another, a rouble wallet at 98.50
 * per euro with our 10 % markup.
 */
export function buildRoamingStation(patch: Partial<StationDetail> = {}): StationDetail {
  const base = buildStation();
  const always = [{ from: '00:00', to: '24:00' }];
  const connector = base.connectors[0]!;
  return buildStation({
    id: '9a1c2e3f-4b5d-4c6e-8f70-8192a3b4c5d6', code: 'NCH-0007', altName: 'NCH0007', name: 'NordCharge Kungsgatan',
    address: 'Kungsgatan 7', city: 'Stockholm', region: 'Stockholm', country: 'se', lat: 59.3346, lng: 18.0632,
    isRoaming: true, roamingOperator: 'NordCharge', supportsRfid: false, totalConnectors: 3, freeConnectors: 3,
    schedule: { mo: always, tu: always, we: always, th: always, fr: always, sa: always, su: always },
    workHours: '24/7', utcOffsetMinutes: 60,
    connectors: [
      { ...connector, id: 'r1', number: 1, socketType: 'ccs2', currentType: 'DC', powerKw: 150, qrCode: 'NCH-0007-1', roamingTariffId: 'NC-DC' },
      { ...connector, id: 'r2', number: 2, socketType: 'chademo', currentType: 'DC', powerKw: 50, amperage: 125, qrCode: 'NCH-0007-2', roamingTariffId: 'NC-DC' },
      { ...connector, id: 'r3', number: 3, socketType: 'type2', currentType: 'AC', powerKw: 22, amperage: 32, chargeClass: 'slow', qrCode: 'NCH-0007-3', roamingTariffId: 'NC-AC' },
    ],
    tariff: null, nextTariff: null, tariffChangesAt: null, freeIdleMinutes: 0, supportsPeriodReservation: false,
    roaming: { operator: 'NordCharge', markupPercent: 10, walletCurrency: 'rub', rate: '98.5', tariffs: buildRoamingTariffs() },
    ...patch,
  });
}
