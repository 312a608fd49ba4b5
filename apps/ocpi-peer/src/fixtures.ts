import type {
  OcpiConnector,
  OcpiEvse,
  OcpiLocation,
  OcpiTariffObject,
  OcpiToken,
} from '@evcharge/api/ocpi/types';

// NordCharge's network as the partner operator publishes it (OCPI 2.2.1 §8 Locations, §11
// Tariffs) and its drivers' tokens (§12): fixed data, no randomness, so every run and every
// test sees the same stations. last_updated dates are spread over days so date_from filters
// (§4.1.3) select a known part of the list.

type Party = { countryCode: string; partyId: string };

/** The kinds of charge point on NordCharge's sites. */
type EvseKind = 'AC22' | 'DC50' | 'DC150' | 'DC50_DUAL';

type Site = {
  id: string;
  name: string;
  address: string;
  city: 'Helsinki' | 'Tallinn';
  postalCode: string;
  latitude: string;
  longitude: string;
  parkingType: string;
  facilities: string[];
  evses: EvseKind[];
  /** Weekdays 1–7 with opening and closing time; absent = open 24/7. */
  hours?: Array<[number, string, string]>;
};

const weekdays = (begin: string, end: string, saturday?: [string, string]) => [
  ...[1, 2, 3, 4, 5].map((day): [number, string, string] => [day, begin, end]),
  ...(saturday ? [[6, saturday[0], saturday[1]] as [number, string, string]] : []),
];

const sites: Site[] = [
  {
    id: 'NCH-HEL-001',
    name: 'Kamppi Centre P-hall',
    address: 'Urho Kekkosen katu 1',
    city: 'Helsinki',
    postalCode: '00100',
    latitude: '60.169200',
    longitude: '24.932580',
    parkingType: 'UNDERGROUND_GARAGE',
    facilities: ['MALL', 'METRO_STATION'],
    evses: ['AC22', 'AC22', 'AC22', 'DC50_DUAL'],
  },
  {
    id: 'NCH-HEL-002',
    name: 'Kauppatori Harbour',
    address: 'Eteläranta 8',
    city: 'Helsinki',
    postalCode: '00130',
    latitude: '60.167480',
    longitude: '24.952260',
    parkingType: 'ON_STREET',
    facilities: ['CAFE'],
    evses: ['AC22', 'AC22'],
  },
  {
    id: 'NCH-HEL-003',
    name: 'Itäkeskus',
    address: 'Itäkatu 1',
    city: 'Helsinki',
    postalCode: '00930',
    latitude: '60.210610',
    longitude: '25.081230',
    parkingType: 'PARKING_GARAGE',
    facilities: ['MALL', 'SUPERMARKET'],
    evses: ['DC150', 'DC150', 'AC22'],
  },
  {
    id: 'NCH-HEL-004',
    name: 'Pasila Tripla',
    address: 'Fredikanterassi 1',
    city: 'Helsinki',
    postalCode: '00520',
    latitude: '60.198600',
    longitude: '24.933800',
    parkingType: 'PARKING_GARAGE',
    facilities: ['MALL', 'TRAIN_STATION'],
    evses: ['AC22', 'AC22', 'DC50'],
  },
  {
    id: 'NCH-HEL-005',
    name: 'Ruoholahti',
    address: 'Itämerenkatu 21',
    city: 'Helsinki',
    postalCode: '00180',
    latitude: '60.163400',
    longitude: '24.915600',
    parkingType: 'PARKING_LOT',
    facilities: ['SUPERMARKET'],
    evses: ['AC22'],
  },
  {
    id: 'NCH-HEL-006',
    name: 'Arabianranta Library',
    address: 'Hämeentie 135',
    city: 'Helsinki',
    postalCode: '00560',
    latitude: '60.207900',
    longitude: '24.976700',
    parkingType: 'PARKING_LOT',
    facilities: ['MUSEUM'],
    evses: ['AC22', 'AC22'],
    hours: weekdays('08:00', '20:00', ['10:00', '16:00']),
  },
  {
    id: 'NCH-HEL-007',
    name: 'Vuosaari Harbour',
    address: 'Provianttikatu 5',
    city: 'Helsinki',
    postalCode: '00980',
    latitude: '60.208700',
    longitude: '25.195800',
    parkingType: 'PARKING_LOT',
    facilities: ['BUS_STOP', 'CAFE'],
    evses: ['DC150', 'DC50_DUAL'],
  },
  {
    id: 'NCH-TLL-001',
    name: 'Viru Keskus',
    address: 'Viru väljak 4',
    city: 'Tallinn',
    postalCode: '10111',
    latitude: '59.436400',
    longitude: '24.755800',
    parkingType: 'UNDERGROUND_GARAGE',
    facilities: ['MALL', 'BUS_STOP'],
    evses: ['AC22', 'AC22', 'DC50'],
  },
  {
    id: 'NCH-TLL-002',
    name: 'Ülemiste City',
    address: 'Valukoja 8',
    city: 'Tallinn',
    postalCode: '11415',
    latitude: '59.421900',
    longitude: '24.799300',
    parkingType: 'PARKING_LOT',
    facilities: ['TRAIN_STATION'],
    evses: ['DC150', 'AC22', 'AC22', 'AC22'],
  },
  {
    id: 'NCH-TLL-003',
    name: 'Rocca al Mare',
    address: 'Paldiski mnt 102',
    city: 'Tallinn',
    postalCode: '13522',
    latitude: '59.425900',
    longitude: '24.650500',
    parkingType: 'PARKING_LOT',
    facilities: ['MALL'],
    evses: ['AC22', 'DC50_DUAL'],
    hours: [
      ...[1, 2, 3, 4, 5, 6, 7].map((day): [number, string, string] => [day, '10:00', '21:00']),
    ],
  },
  {
    id: 'NCH-TLL-004',
    name: 'Kadriorg Park',
    address: 'Weizenbergi 34',
    city: 'Tallinn',
    postalCode: '10127',
    latitude: '59.438300',
    longitude: '24.791500',
    parkingType: 'ON_STREET',
    facilities: ['NATURE', 'MUSEUM'],
    evses: ['AC22'],
  },
  {
    id: 'NCH-TLL-005',
    name: 'Tallinn Airport',
    address: 'Tartu mnt 101',
    city: 'Tallinn',
    postalCode: '10112',
    latitude: '59.416900',
    longitude: '24.800600',
    parkingType: 'PARKING_GARAGE',
    facilities: ['AIRPORT'],
    evses: ['DC150', 'DC150', 'AC22'],
  },
];

export const tariffIds = {
  acStandard: 'NCH-AC-STD',
  acParking: 'NCH-AC-PARK',
  acTimeOfDay: 'NCH-AC-TOD',
  dcFast: 'NCH-DC-FAST',
} as const;

/** A fixed rota of statuses so the map shows a mix (OCPI 2.2.1 §8.4.22 Status). */
const statusRota: OcpiEvse['status'][] = [
  'AVAILABLE',
  'AVAILABLE',
  'CHARGING',
  'AVAILABLE',
  'OUTOFORDER',
  'AVAILABLE',
  'RESERVED',
  'CHARGING',
  'AVAILABLE',
  'INOPERATIVE',
];

function connectorsOf(kind: EvseKind, acTariff: string, lastUpdated: string): OcpiConnector[] {
  const base = { last_updated: lastUpdated };
  switch (kind) {
    case 'AC22':
      return [
        {
          ...base,
          id: '1',
          standard: 'IEC_62196_T2',
          format: 'SOCKET',
          power_type: 'AC_3_PHASE',
          max_voltage: 400,
          max_amperage: 32,
          max_electric_power: 22_000,
          tariff_ids: [acTariff],
        },
      ];
    case 'DC50':
      return [
        {
          ...base,
          id: '1',
          standard: 'IEC_62196_T2_COMBO',
          format: 'CABLE',
          power_type: 'DC',
          max_voltage: 500,
          max_amperage: 125,
          max_electric_power: 50_000,
          tariff_ids: [tariffIds.dcFast],
        },
      ];
    case 'DC150':
      return [
        {
          ...base,
          id: '1',
          standard: 'IEC_62196_T2_COMBO',
          format: 'CABLE',
          power_type: 'DC',
          max_voltage: 920,
          max_amperage: 200,
          max_electric_power: 150_000,
          tariff_ids: [tariffIds.dcFast],
        },
      ];
    case 'DC50_DUAL':
      return [
        {
          ...base,
          id: '1',
          standard: 'IEC_62196_T2_COMBO',
          format: 'CABLE',
          power_type: 'DC',
          max_voltage: 500,
          max_amperage: 125,
          max_electric_power: 50_000,
          tariff_ids: [tariffIds.dcFast],
        },
        {
          ...base,
          id: '2',
          standard: 'CHADEMO',
          format: 'CABLE',
          power_type: 'DC',
          max_voltage: 500,
          max_amperage: 125,
          max_electric_power: 50_000,
          tariff_ids: [tariffIds.dcFast],
        },
      ];
  }
}

/** Day n after 5 January 2026, 08:00 UTC: the sites' last_updated, one day apart. */
export const fixtureDay = (n: number) => new Date(Date.UTC(2026, 0, 5 + n, 8, 0, 0));
const ocpiTime = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

export function fixtureLocations(party: Party, operatorName: string): OcpiLocation[] {
  let rota = 0;
  return sites.map((site, index) => {
    const lastUpdated = ocpiTime(fixtureDay(index));
    const acTariff = [tariffIds.acStandard, tariffIds.acParking, tariffIds.acTimeOfDay][index % 3]!;
    const evses = site.evses.map((kind, evseIndex): OcpiEvse => {
      const evseNumber = `${String(index + 1).padStart(3, '0')}${evseIndex + 1}`;
      return {
        uid: `${site.id}-${evseIndex + 1}`,
        evse_id: `${party.countryCode}*${party.partyId}*E${evseNumber}`,
        status: statusRota[rota++ % statusRota.length]!,
        capabilities:
          kind === 'AC22'
            ? ['RFID_READER', 'REMOTE_START_STOP_CAPABLE', 'UNLOCK_CAPABLE', 'RESERVABLE']
            : ['RFID_READER', 'REMOTE_START_STOP_CAPABLE', 'CREDIT_CARD_PAYABLE'],
        connectors: connectorsOf(kind, acTariff, lastUpdated),
        physical_reference: String(evseIndex + 1),
        last_updated: lastUpdated,
      };
    });
    const isHelsinki = site.city === 'Helsinki';
    return {
      country_code: party.countryCode,
      party_id: party.partyId,
      id: site.id,
      publish: true,
      name: site.name,
      address: site.address,
      city: site.city,
      postal_code: site.postalCode,
      country: isHelsinki ? 'FIN' : 'EST',
      coordinates: { latitude: site.latitude, longitude: site.longitude },
      parking_type: site.parkingType,
      evses,
      operator: { name: operatorName },
      facilities: site.facilities,
      time_zone: isHelsinki ? 'Europe/Helsinki' : 'Europe/Tallinn',
      opening_times: site.hours
        ? {
            twentyfourseven: false,
            regular_hours: site.hours.map(([weekday, begin, end]) => ({
              weekday,
              period_begin: begin,
              period_end: end,
            })),
          }
        : { twentyfourseven: true },
      charging_when_closed: site.hours ? false : undefined,
      last_updated: lastUpdated,
    };
  });
}

export function fixtureTariffs(party: Party): OcpiTariffObject[] {
  const common = { country_code: party.countryCode, party_id: party.partyId, currency: 'EUR' };
  return [
    {
      ...common,
      id: tariffIds.acStandard,
      type: 'REGULAR',
      tariff_alt_text: [
        { language: 'en', text: '0.29 EUR/kWh' },
        { language: 'fi', text: '0,29 €/kWh' },
      ],
      elements: [{ price_components: [{ type: 'ENERGY', price: 0.29, vat: 25.5, step_size: 1 }] }],
      last_updated: '2025-12-01T09:00:00Z',
    },
    {
      ...common,
      id: tariffIds.acParking,
      type: 'REGULAR',
      tariff_alt_text: [
        { language: 'en', text: '1.00 EUR start, 0.32 EUR/kWh, parking 2.40 EUR/h per 5 min' },
      ],
      elements: [
        {
          price_components: [
            { type: 'FLAT', price: 1.0, vat: 25.5, step_size: 1 },
            { type: 'ENERGY', price: 0.32, vat: 25.5, step_size: 1 },
            { type: 'PARKING_TIME', price: 2.4, vat: 25.5, step_size: 300 },
          ],
        },
      ],
      last_updated: '2025-12-02T09:00:00Z',
    },
    {
      ...common,
      id: tariffIds.acTimeOfDay,
      type: 'PROFILE_CHEAP',
      tariff_alt_text: [{ language: 'en', text: '0.19 EUR/kWh 22:00–07:00, 0.35 EUR/kWh by day' }],
      elements: [
        {
          price_components: [{ type: 'ENERGY', price: 0.19, vat: 25.5, step_size: 1 }],
          restrictions: { start_time: '22:00', end_time: '07:00' },
        },
        {
          price_components: [{ type: 'ENERGY', price: 0.35, vat: 25.5, step_size: 1 }],
          restrictions: { start_time: '07:00', end_time: '22:00' },
        },
      ],
      last_updated: '2025-12-03T09:00:00Z',
    },
    {
      ...common,
      id: tariffIds.dcFast,
      type: 'PROFILE_FAST',
      tariff_alt_text: [
        {
          language: 'en',
          text: 'Below 50 kW: 0.45 EUR/kWh + 1.80 EUR/h; faster: 0.59 EUR/kWh + 3.00 EUR/h',
        },
      ],
      elements: [
        {
          price_components: [
            { type: 'ENERGY', price: 0.45, vat: 25.5, step_size: 1 },
            { type: 'TIME', price: 1.8, vat: 25.5, step_size: 60 },
          ],
          restrictions: { max_power: 50 },
        },
        {
          price_components: [
            { type: 'ENERGY', price: 0.59, vat: 25.5, step_size: 1 },
            { type: 'TIME', price: 3.0, vat: 25.5, step_size: 60 },
          ],
          restrictions: { min_power: 50 },
        },
      ],
      last_updated: '2025-12-04T09:00:00Z',
    },
  ];
}

/** NordCharge's own drivers (its eMSP role, OCPI 2.2.1 §12): cards it authorizes abroad. */
export function fixtureTokens(party: Party, issuer: string): OcpiToken[] {
  const card = (n: number, valid: boolean, whitelist: OcpiToken['whitelist']): OcpiToken => ({
    country_code: party.countryCode,
    party_id: party.partyId,
    uid: `${party.partyId}${String(n).padStart(5, '0')}`,
    type: 'RFID',
    contract_id: `${party.countryCode}-${party.partyId}-C${String(n).padStart(8, '0')}`,
    visual_number: `${party.partyId} ${String(n).padStart(5, '0')}`,
    issuer,
    valid,
    whitelist,
    language: 'fi',
    last_updated: ocpiTime(fixtureDay(n)),
  });
  return [
    card(1, true, 'ALLOWED'),
    card(2, true, 'ALWAYS'),
    card(3, false, 'ALLOWED'),
    card(4, true, 'NEVER'),
  ];
}
