import type { ParkingFeeCap, RoamingTerms } from '@evcharge/api/brand/get-brand';

// What the demo brands share of their money terms: one table of rates and one parking ceiling.

/**
 * SPEC §1 roaming: the rates into wallet currencies, `rates[from][to]`. The same rates let a
 * wallet pay our own stations priced in another currency (payment-rule.ts), so there is one
 * from every currency a station may be priced in.
 */
// prettier-ignore
export const demoRates: RoamingTerms['rates'] = {
  eur: { rub: '98.5', kzt: '545', eur: '1', usd: '1.08', azn: '1.84', kgs: '94.3', tjs: '11.8', uzs: '13650', byn: '3.52' },
  usd: { rub: '91.2', kzt: '505', eur: '0.926', usd: '1', azn: '1.7', kgs: '87.3', tjs: '10.9', uzs: '12640', byn: '3.26' },
  rub: { rub: '1', kzt: '5.537', eur: '0.01015', usd: '0.01096', azn: '0.01864', kgs: '0.9572', tjs: '0.1195', uzs: '138.6', byn: '0.03575' },
  kzt: { rub: '0.1806', kzt: '1', eur: '0.001834', usd: '0.00198', azn: '0.003366', kgs: '0.1729', tjs: '0.02158', uzs: '25.03', byn: '0.006455' },
  azn: { rub: '53.65', kzt: '297.1', eur: '0.5447', usd: '0.5882', azn: '1', kgs: '51.35', tjs: '6.412', uzs: '7435', byn: '1.918' },
  kgs: { rub: '1.045', kzt: '5.785', eur: '0.01061', usd: '0.01145', azn: '0.01947', kgs: '1', tjs: '0.1249', uzs: '144.8', byn: '0.03734' },
  tjs: { rub: '8.367', kzt: '46.33', eur: '0.08495', usd: '0.09174', azn: '0.156', kgs: '8.009', tjs: '1', uzs: '1160', byn: '0.2991' },
  uzs: { rub: '0.007215', kzt: '0.03995', eur: '0.00007325', usd: '0.00007911', azn: '0.0001345', kgs: '0.006907', tjs: '0.0008623', uzs: '1', byn: '0.0002579' },
  byn: { rub: '27.98', kzt: '154.9', eur: '0.284', usd: '0.3067', azn: '0.5215', kgs: '26.78', tjs: '3.344', uzs: '3877', byn: '1' },
};

/** SPEC §3: parking costs at most this much a session (an hour of parking at the demo tariffs). */
// prettier-ignore
export const demoParkingFeeCap: ParkingFeeCap = {
  rub: 30_000, eur: 600, usd: 300, kzt: 120_000, byn: 600, azn: 300, kgs: 18_000, tjs: 1_800, uzs: 3_000_000,
};
