import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import { demoParkingFeeCap, demoRates } from './demo-terms';

// A second demo deployment, for Kazakhstan: its own name, mark, colours, support, money (tenge),
// shop and legal texts (brand/legal/volt). One server serves it beside the demo brand when
// BRAND_HOSTS names a host for it (README: Configuration), or alone with BRAND=volt.
export const voltBrand: BrandConfig = {
  id: 'volt',
  title: 'Volt Charge',
  shortTitle: 'Volt',
  iconUrl: '/brands/volt/icon.svg',
  maskableIconUrl: '/brands/volt/icon-maskable.svg',
  colors: { primary: '#6d28d9', primaryDark: '#4c1d95', accent: '#f97316' },
  support: {
    contacts: [
      { type: 'Email', value: 'help@volt.demo' },
      { type: 'Telegram', value: '@volt_charge_help' },
      { type: 'SupportPhoneNumber', value: '+7 727 355-00-55' },
    ],
    // Kazakhstan keeps one zone, UTC+5.
    hours: { from: '08:00', to: '22:00', utcOffsetMinutes: 300 },
    responseMinutes: 15,
  },
  currency: 'kzt',
  country: 'kk',
  map: {
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution:
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    center: [43.2383, 76.9453],
    zoom: 11,
  },
  mainSiteUrl: 'https://volt.demo',
  privacyPolicyVersion: '2026-09-15',
  analytics: { kind: 'matomo', url: 'https://stats.volt.demo/', siteId: '3' },
  // Roaming (SPEC §1): our markup on partners' prices and the rates into wallet currencies
  // (demo-terms.ts), which also pay our own stations priced in another currency.
  roaming: {
    markupPercent: 8,
    rates: demoRates,
  },
  parkingFeeCapMinor: demoParkingFeeCap,
  shop: {
    deliveryMinor: 150_000,
    items: [
      {
        id: 'volt-card',
        kind: 'rfid',
        imageUrl: '/shop/rfid-fob.svg',
        priceMinor: 300_000,
        maxPerOrder: 3,
        title: {
          ru: 'Карта Volt RFID',
          en: 'Volt RFID card',
          kz: 'Volt RFID картасы',
          es: 'Tarjeta RFID Volt',
          az: 'Volt RFID kartı',
          ky: 'Volt RFID картасы',
          tg: 'Корти RFID-и Volt',
          uz: 'Volt RFID kartasi',
        },
        description: {
          ru: 'Приложите к считывателю станции, и зарядка начнётся без телефона.',
          en: 'Hold it to the station’s reader and charging starts without a phone.',
          kz: 'Станцияның оқу құрылғысына тигізіңіз, зарядтау телефонсыз басталады.',
          es: 'Acérquela al lector de la estación y la carga empieza sin teléfono.',
          az: 'Stansiyanın oxuyucusuna yaxınlaşdırın, doldurma telefonsuz başlayır.',
          ky: 'Станциянын окугучуна тийгизиңиз, кубаттоо телефонсуз башталат.',
          tg: 'Онро ба хонандаи стансия наздик кунед, барқгирӣ бе телефон оғоз мешавад.',
          uz: 'Stansiya oʻquvchisiga tekkizing, quvvatlash telefonsiz boshlanadi.',
        },
      },
      {
        id: 'gbt-dc-adapter',
        kind: 'adapter',
        imageUrl: '/shop/gbt-adapter.svg',
        priceMinor: 8_900_000,
        maxPerOrder: 1,
        title: {
          ru: 'Переходник CCS2 → GB/T DC',
          en: 'CCS2 to GB/T DC adapter',
          kz: 'CCS2 → GB/T DC адаптері',
          es: 'Adaptador CCS2 a GB/T DC',
          az: 'CCS2 → GB/T DC adapteri',
          ky: 'CCS2 → GB/T DC адаптери',
          tg: 'Адаптери CCS2 → GB/T DC',
          uz: 'CCS2 → GB/T DC adapteri',
        },
        description: {
          ru: 'Быстрая зарядка автомобилей с разъёмом GB/T на станциях CCS2.',
          en: 'Fast charging for cars with a GB/T inlet at CCS2 stations.',
          kz: 'GB/T ұяшығы бар көліктерді CCS2 станцияларында жылдам зарядтау.',
          es: 'Carga rápida para coches con toma GB/T en estaciones CCS2.',
          az: 'GB/T girişli avtomobillərin CCS2 stansiyalarında sürətli doldurulması.',
          ky: 'GB/T уячасы бар унааларды CCS2 станцияларында тез кубаттоо.',
          tg: 'Барқгирии тези мошинҳои дорои пайвасткунаки GB/T дар стансияҳои CCS2.',
          uz: 'GB/T kirishli avtomobillarni CCS2 stansiyalarida tez quvvatlash.',
        },
      },
      {
        id: 'type2-cable-7m',
        kind: 'cable',
        imageUrl: '/shop/type2-cable.svg',
        priceMinor: 7_500_000,
        maxPerOrder: 2,
        title: {
          ru: 'Кабель Type 2, 11 кВт, 7 м',
          en: 'Type 2 cable, 11 kW, 7 m',
          kz: 'Type 2 кабелі, 11 кВт, 7 м',
          es: 'Cable Tipo 2, 11 kW, 7 m',
          az: 'Type 2 kabeli, 11 kVt, 7 m',
          ky: 'Type 2 кабели, 11 кВт, 7 м',
          tg: 'Кабели Type 2, 11 кВт, 7 м',
          uz: 'Type 2 kabeli, 11 kVt, 7 m',
        },
        description: {
          ru: 'Длинный кабель для парковок, где станция стоит далеко от машины.',
          en: 'A long cable for car parks where the station stands far from the car.',
          kz: 'Станция көліктен алыс тұрған тұрақтарға арналған ұзын кабель.',
          es: 'Un cable largo para aparcamientos con la estación lejos del coche.',
          az: 'Stansiyanın avtomobildən uzaqda olduğu dayanacaqlar üçün uzun kabel.',
          ky: 'Станция унаадан алыс турган токтотмолор үчүн узун кабель.',
          tg: 'Кабели дароз барои таваққуфгоҳҳое, ки стансия аз мошин дур аст.',
          uz: 'Stansiya avtomobildan uzoqda turgan toʻxtash joylari uchun uzun kabel.',
        },
      },
    ],
  },
  privateStations: {
    platformFeePercent: 10,
    maxPerKwhMinor: 15_000,
    maxPerMinuteMinor: 2_000,
    maxParkingPerMinuteMinor: 5_000,
  },
  seller: {
    name: 'ТОО «Volt Charge Demo»',
    taxId: '240140012345',
    address: 'A05C9Y3, Алматы, пр. Абая, д. 10',
    email: 'receipts@volt.demo',
    vatRatePercent: 16,
  },
};
