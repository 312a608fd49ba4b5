import type { Country } from '@evcharge/domain/constants';
import {
  connectorStatuses,
  type ConnectorStatus,
  type StationLabel,
} from '@evcharge/domain/connector-status';
import type { CurrentType, SocketTypeId } from '@evcharge/domain/socket-type';
import type { Schedule } from '../db/schema/stations';
import { cities, type City } from './cities';
import { createRandom, type Random } from './prng';
import type { TariffKey } from './tariffs';

export type GeneratedConnector = {
  id: string;
  number: number;
  socketType: SocketTypeId;
  powerW: number;
  amperage: number;
  currentType: CurrentType;
  status: ConnectorStatus;
  statusMinutesAgo: number;
};

export type GeneratedStation = {
  id: string;
  code: string;
  altName: string;
  name: string;
  address: string;
  region: string;
  city: string;
  country: Country;
  lat: number;
  lng: number;
  schedule: Schedule;
  workHours: string;
  utcOffsetMinutes: number;
  tariffKey: TariffKey;
  /** An announced tariff change: the next tariff and in how many days it applies. */
  nextTariffKey: TariffKey | null;
  tariffChangesInDays: number | null;
  supportsRfid: boolean;
  isLimitedAccess: boolean;
  isPrivate: boolean;
  state: StationLabel;
  connectors: GeneratedConnector[];
};

const places = [
  'Shopping mall',
  'Business centre',
  'Hotel',
  'Parking',
  'Fuel station',
  'Supermarket',
  'Residential complex',
  'Park',
] as const;

const allDay = [{ from: '00:00', to: '24:00' }];
const week = (days: Schedule[keyof Schedule][]): Schedule => {
  const [mo = [], tu = [], we = [], th = [], fr = [], sa = [], su = []] = days;
  return { mo, tu, we, th, fr, sa, su };
};
const schedules: readonly (readonly [{ schedule: Schedule; workHours: string }, number])[] = [
  [{ schedule: week(Array(7).fill(allDay)), workHours: '24/7' }, 70],
  [
    { schedule: week(Array(7).fill([{ from: '08:00', to: '22:00' }])), workHours: '08:00–22:00' },
    20,
  ],
  [
    {
      schedule: week([
        ...Array(5).fill([{ from: '09:00', to: '20:00' }]),
        [{ from: '10:00', to: '18:00' }],
        [],
      ]),
      workHours: 'Mo–Fr 09:00–20:00, Sa 10:00–18:00',
    },
    10,
  ],
];

// Every tenth station keeps half-day hours (morning or afternoon, by its index, not drawn, so
// the random sequence stays): at any moment some demo stations are closed (SPEC §3 schedule).
const halfDays = [
  { schedule: week(Array(7).fill([{ from: '00:00', to: '12:00' }])), workHours: '00:00–12:00' },
  { schedule: week(Array(7).fill([{ from: '12:00', to: '24:00' }])), workHours: '12:00–24:00' },
] as const;

// Connector statuses weighted like a real network at midday; every one of them occurs.
// prettier-ignore
const statusWeights: readonly (readonly [ConnectorStatus, number])[] = [
  ['available', 55], ['charging', 15], ['preparing', 3], ['suspendedev', 3], ['suspendedevse', 2],
  ['finishing', 3], ['reserved', 4], ['unavailable', 5], ['faulted', 4], ['parking', 2],
  ['success', 2], ['cancelled', 2],
];

function acConnector(
  random: Random,
  city: City,
): Omit<GeneratedConnector, 'id' | 'number' | 'status' | 'statusMinutesAgo'> {
  const socketType: SocketTypeId =
    city.hasGbt && random.chance(0.3) ? 'gbt-ac' : random.chance(0.04) ? 'schuko' : 'type2';
  if (socketType === 'schuko') return { socketType, powerW: 3700, amperage: 16, currentType: 'AC' };
  const [powerW, amperage] = random.pick([
    [7400, 32],
    [11_000, 16],
    [22_000, 32],
  ] as const);
  return { socketType, powerW, amperage, currentType: 'AC' };
}

function dcConnector(
  random: Random,
  city: City,
  powerKw: number,
): Omit<GeneratedConnector, 'id' | 'number' | 'status' | 'statusMinutesAgo'> {
  const socketType: SocketTypeId = random.weighted<SocketTypeId>([
    ['ccs2', 6],
    ['chademo', powerKw <= 100 ? 2 : 0],
    ['gbt-dc', city.hasGbt ? 3 : 0],
  ]);
  const powerW = powerKw * 1000;
  // 400 V class up to 150 kW, 800 V beyond; cables top out at 500 A.
  const amperage = Math.min(500, Math.ceil(powerW / (powerKw > 150 ? 800 : 400)));
  return { socketType, powerW, amperage, currentType: 'DC' };
}

function connectorsFor(random: Random, city: City): ReturnType<typeof acConnector>[] {
  const kind = random.weighted([
    ['ac', 55],
    ['dc', 35],
    ['hub', 10],
  ] as const);
  if (kind === 'ac')
    return Array.from({ length: random.int(1, 2) }, () => acConnector(random, city));
  if (kind === 'dc') {
    const powerKw = random.pick([50, 60, 100, 120, 150, 180]);
    return [
      dcConnector(random, city, powerKw),
      dcConnector(random, city, powerKw),
      acConnector(random, city),
    ].slice(0, random.int(2, 3));
  }
  const powerKw = random.pick([150, 250, 350]);
  return Array.from({ length: random.int(2, 4) }, () => ({
    ...dcConnector(random, city, powerKw),
    socketType: 'ccs2' as const,
  }));
}

function generateStation(random: Random, index: number): GeneratedStation {
  const city = random.weighted(cities.map((c) => [c, c.weight] as const));
  const spread = 0.02 + Math.sqrt(city.weight) * 0.012;
  const lat = city.lat + random.normal() * spread;
  const lng = city.lng + (random.normal() * spread) / Math.cos((city.lat * Math.PI) / 180);
  const street = random.pick(city.streets);
  const place = random.pick(places);
  // One station in eight used to be drawn as a made-up partner's. Partners' stations come over
  // OCPI 2.2.1 now (modules/roaming; the demo's partner is apps/ocpi-peer), so these are our
  // own; the draws stay, so every station keeps what it had (README's private-station codes).
  const wasPartners = random.chance(0.12);
  const showsAllStatuses = index < connectorStatuses.length;
  const drawnState = random.weighted<StationLabel>([
    ['works', 90],
    ['notWorking', 3],
    ['underRepair', 4],
    ['openingSoon', 3],
  ]);
  const state = showsAllStatuses ? 'works' : drawnState;
  const drawn = random.weighted(schedules);
  const { schedule, workHours } = index % 10 === 3 ? halfDays[Math.floor(index / 10) % 2]! : drawn;
  const connectorShapes = connectorsFor(random, city);
  const connectors = connectorShapes.map((shape, i) => {
    // The first stations show every status once, so the demo covers each state.
    const forced = i === 0 && showsAllStatuses ? connectorStatuses[index] : undefined;
    const status: ConnectorStatus =
      state !== 'works'
        ? random.pick(['unavailable', 'faulted'] as const)
        : (forced ?? random.weighted(statusWeights));
    return {
      id: random.uuid(),
      number: i + 1,
      ...shape,
      status,
      statusMinutesAgo: random.int(1, 600),
    };
  });
  const isDc = connectors.some((c) => c.currentType === 'DC');
  const serial = String(index + 1).padStart(5, '0');
  // One own station in twenty announces new prices. Derived from the index, not drawn, so
  // the random sequence (and every station after) stays what it was before this existed.
  const announcesChange = index % 20 === 7;
  // In the order they have always been drawn.
  const id = random.uuid();
  const address = `${street}, ${random.int(1, 180)}, ${city.name}`;
  const supportsRfid = random.chance(0.6);
  if (wasPartners) random.next(); // the partner's name it was given
  const isLimitedAccess = random.chance(0.08);
  const isPrivate = !wasPartners && random.chance(0.04);
  return {
    id,
    code: `${city.code}-${serial}`,
    altName: `${city.code}${serial}`,
    name: `${place} — ${street}`,
    address,
    region: city.region,
    city: city.name,
    country: city.country,
    lat: Number(lat.toFixed(6)),
    lng: Number(lng.toFixed(6)),
    schedule,
    workHours,
    utcOffsetMinutes: city.utcOffsetMinutes,
    tariffKey: `${city.currency}-${isDc ? 'dc' : 'ac'}`,
    nextTariffKey: announcesChange ? `${city.currency}-${isDc ? 'dcNext' : 'acNext'}` : null,
    tariffChangesInDays: announcesChange ? 3 + (index % 27) : null,
    supportsRfid,
    isLimitedAccess,
    isPrivate,
    state,
    connectors,
  };
}

/** `n` stations in the spec's countries, the same for the same seed (benchmarks, demo). */
export function generateStations(n: number, seed: number): GeneratedStation[] {
  const random = createRandom(seed);
  return Array.from({ length: n }, (_, index) => generateStation(random, index));
}
