import type { Country } from '@evcharge/domain/constants';
import type { Currency } from '@evcharge/domain/currency';

export type City = {
  name: string;
  /** IATA-style code; prefixes station codes and QR names. */
  code: string;
  region: string;
  country: Country;
  currency: Currency;
  utcOffsetMinutes: number;
  lat: number;
  lng: number;
  /** Share of the stations, and how far they spread (larger cities spread wider). */
  weight: number;
  streets: readonly string[];
  /** Chinese GB/T cars are common here. */
  hasGbt?: boolean;
};

// Real city centres of the spec's countries (SPEC §3). One city per line: a table.
// prettier-ignore
export const cities: readonly City[] = [
  { name: 'Moscow', code: 'MOW', region: 'Moscow', country: 'ru', currency: 'rub', utcOffsetMinutes: 180, lat: 55.7558, lng: 37.6173, weight: 30, streets: ['Tverskaya St', 'Leninsky Ave', 'Prospekt Mira', 'Kutuzovsky Ave', 'Profsoyuznaya St', 'Varshavskoye Hwy', 'Leningradsky Ave'] },
  { name: 'Saint Petersburg', code: 'LED', region: 'Saint Petersburg', country: 'ru', currency: 'rub', utcOffsetMinutes: 180, lat: 59.9386, lng: 30.3141, weight: 14, streets: ['Nevsky Ave', 'Moskovsky Ave', 'Liteyny Ave', 'Sadovaya St', 'Kamennoostrovsky Ave'] },
  { name: 'Kazan', code: 'KZN', region: 'Tatarstan', country: 'ru', currency: 'rub', utcOffsetMinutes: 180, lat: 55.7887, lng: 49.1221, weight: 5, streets: ['Baumana St', 'Pushkina St', 'Pobedy Ave'] },
  { name: 'Yekaterinburg', code: 'SVX', region: 'Sverdlovsk Oblast', country: 'ru', currency: 'rub', utcOffsetMinutes: 300, lat: 56.8389, lng: 60.6057, weight: 5, streets: ['Lenina Ave', 'Malysheva St', '8 Marta St'] },
  { name: 'Novosibirsk', code: 'OVB', region: 'Novosibirsk Oblast', country: 'ru', currency: 'rub', utcOffsetMinutes: 420, lat: 55.0302, lng: 82.9204, weight: 5, streets: ['Krasny Ave', 'Vokzalnaya Magistral', 'Dusi Kovalchuk St'] },
  { name: 'Nizhny Novgorod', code: 'GOJ', region: 'Nizhny Novgorod Oblast', country: 'ru', currency: 'rub', utcOffsetMinutes: 180, lat: 56.3269, lng: 44.0059, weight: 4, streets: ['Bolshaya Pokrovskaya St', 'Rodionova St', 'Gagarina Ave'] },
  { name: 'Sochi', code: 'AER', region: 'Krasnodar Krai', country: 'ru', currency: 'rub', utcOffsetMinutes: 180, lat: 43.5855, lng: 39.7231, weight: 4, streets: ['Kurortny Ave', 'Navaginskaya St', 'Donskaya St'] },
  { name: 'Krasnodar', code: 'KRR', region: 'Krasnodar Krai', country: 'ru', currency: 'rub', utcOffsetMinutes: 180, lat: 45.0355, lng: 38.9753, weight: 4, streets: ['Krasnaya St', 'Severnaya St', 'Stavropolskaya St'] },
  { name: 'Almaty', code: 'ALA', region: 'Almaty', country: 'kk', currency: 'kzt', utcOffsetMinutes: 300, lat: 43.238, lng: 76.8829, weight: 8, streets: ['Abay Ave', 'Dostyk Ave', 'Al-Farabi Ave', 'Satpayev St'], hasGbt: true },
  { name: 'Astana', code: 'NQZ', region: 'Astana', country: 'kk', currency: 'kzt', utcOffsetMinutes: 300, lat: 51.1282, lng: 71.4304, weight: 7, streets: ['Kabanbay Batyr Ave', 'Mangilik El Ave', 'Turan Ave'], hasGbt: true },
  { name: 'Shymkent', code: 'CIT', region: 'Shymkent', country: 'kk', currency: 'kzt', utcOffsetMinutes: 300, lat: 42.3155, lng: 69.5869, weight: 3, streets: ['Tauke Khan Ave', 'Respubliki Ave'], hasGbt: true },
  { name: 'Baku', code: 'GYD', region: 'Baku', country: 'az', currency: 'azn', utcOffsetMinutes: 240, lat: 40.4093, lng: 49.8671, weight: 7, streets: ['Neftchilar Ave', 'Nizami St', 'Heydar Aliyev Ave', 'Azadlig Ave'] },
  { name: 'Ganja', code: 'GNJ', region: 'Ganja', country: 'az', currency: 'azn', utcOffsetMinutes: 240, lat: 40.6828, lng: 46.3606, weight: 2, streets: ['Ataturk Ave', 'Javad Khan St'] },
  { name: 'Bishkek', code: 'FRU', region: 'Bishkek', country: 'kg', currency: 'kgs', utcOffsetMinutes: 360, lat: 42.8746, lng: 74.5698, weight: 5, streets: ['Chuy Ave', 'Manas Ave', 'Erkindik Blvd'], hasGbt: true },
  { name: 'Osh', code: 'OSS', region: 'Osh', country: 'kg', currency: 'kgs', utcOffsetMinutes: 360, lat: 40.5283, lng: 72.7985, weight: 2, streets: ['Lenina St', 'Kurmanjan Datka St'], hasGbt: true },
  { name: 'Riga', code: 'RIX', region: 'Riga', country: 'lv', currency: 'eur', utcOffsetMinutes: 120, lat: 56.9496, lng: 24.1052, weight: 6, streets: ['Brivibas iela', 'Krisjana Barona iela', 'Valdemara iela'] },
  { name: 'Daugavpils', code: 'DGP', region: 'Latgale', country: 'lv', currency: 'eur', utcOffsetMinutes: 120, lat: 55.8747, lng: 26.5362, weight: 2, streets: ['Rigas iela', '18. Novembra iela'] },
  { name: 'Dushanbe', code: 'DYU', region: 'Dushanbe', country: 'tj', currency: 'tjs', utcOffsetMinutes: 300, lat: 38.5598, lng: 68.787, weight: 4, streets: ['Rudaki Ave', 'Ismoili Somoni Ave'], hasGbt: true },
  { name: 'Khujand', code: 'LBD', region: 'Sughd', country: 'tj', currency: 'tjs', utcOffsetMinutes: 300, lat: 40.2826, lng: 69.6222, weight: 2, streets: ['Lenina St', 'Kamoli Khujandi St'], hasGbt: true },
  { name: 'Tashkent', code: 'TAS', region: 'Tashkent', country: 'uz', currency: 'uzs', utcOffsetMinutes: 300, lat: 41.2995, lng: 69.2401, weight: 7, streets: ['Amir Temur Ave', 'Mustaqillik Ave', 'Bunyodkor Ave'], hasGbt: true },
  { name: 'Samarkand', code: 'SKD', region: 'Samarkand Region', country: 'uz', currency: 'uzs', utcOffsetMinutes: 300, lat: 39.627, lng: 66.975, weight: 3, streets: ['Registan St', 'Universitetsky Blvd'], hasGbt: true },
  { name: 'Amman', code: 'AMM', region: 'Amman Governorate', country: 'jo', currency: 'usd', utcOffsetMinutes: 180, lat: 31.9539, lng: 35.9106, weight: 5, streets: ['Zahran St', 'Mecca St', 'Queen Rania St'] },
  { name: 'Aqaba', code: 'AQJ', region: 'Aqaba Governorate', country: 'jo', currency: 'usd', utcOffsetMinutes: 180, lat: 29.532, lng: 35.0063, weight: 2, streets: ['King Hussein St', 'Al-Hammamat Al-Tunisyya St'] },
];
