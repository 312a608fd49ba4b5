// SPEC §2 cars: the car catalogue (GET /cars/all). Battery capacity (usable, kWh) and the most the
// car takes on AC (on-board charger) and DC, as the makers publish them; the estimate before a
// start (planCharge) uses them for the driver's car.

export type CatalogueCar = {
  id: string;
  make: string;
  model: string;
  batteryKwh: number;
  maxAcKw: number;
  maxDcKw: number;
};

const car = (
  id: string,
  make: string,
  model: string,
  batteryKwh: number,
  maxAcKw: number,
  maxDcKw: number,
): CatalogueCar => ({ id, make, model, batteryKwh, maxAcKw, maxDcKw });

export const carCatalogue: readonly CatalogueCar[] = [
  car('audi-q4-etron-40', 'Audi', 'Q4 e-tron 40', 76.6, 11, 135),
  car('audi-etron-gt', 'Audi', 'e-tron GT', 84, 11, 270),
  car('bmw-i3-120ah', 'BMW', 'i3 (120 Ah)', 37.9, 11, 50),
  car('bmw-i4-edrive40', 'BMW', 'i4 eDrive40', 80.7, 11, 205),
  car('bmw-ix3', 'BMW', 'iX3', 74, 11, 150),
  car('byd-atto-3', 'BYD', 'Atto 3', 60.5, 7, 88),
  car('byd-han', 'BYD', 'Han EV', 85.4, 7, 120),
  car('chevrolet-bolt', 'Chevrolet', 'Bolt EV', 65, 11, 55),
  car('hyundai-ioniq-5-77', 'Hyundai', 'Ioniq 5 (77 kWh)', 74, 11, 233),
  car('hyundai-kona-64', 'Hyundai', 'Kona Electric (64 kWh)', 64, 11, 77),
  car('kia-ev6-77', 'Kia', 'EV6 (77 kWh)', 74, 11, 233),
  car('kia-niro-ev', 'Kia', 'Niro EV', 64.8, 11, 72),
  car('lada-e-largus', 'Lada', 'e-Largus', 27.2, 6.6, 40),
  car('mercedes-eqs-450', 'Mercedes-Benz', 'EQS 450+', 107.8, 11, 200),
  car('moskvich-3e', 'Moskvich', '3e', 69.1, 7, 80),
  car('nissan-leaf-40', 'Nissan', 'Leaf (40 kWh)', 39, 6.6, 50),
  car('nissan-leaf-62', 'Nissan', 'Leaf e+ (62 kWh)', 59, 6.6, 100),
  car('polestar-2-lr', 'Polestar', '2 Long Range', 78, 11, 205),
  car('porsche-taycan-4s', 'Porsche', 'Taycan 4S', 83.7, 11, 270),
  car('renault-zoe-r135', 'Renault', 'Zoe R135', 52, 22, 50),
  car('skoda-enyaq-80', 'Škoda', 'Enyaq iV 80', 77, 11, 135),
  car('tesla-model-3-rwd', 'Tesla', 'Model 3 RWD', 57.5, 11, 170),
  car('tesla-model-3-lr', 'Tesla', 'Model 3 Long Range', 75, 11, 250),
  car('tesla-model-s', 'Tesla', 'Model S', 95, 11, 250),
  car('tesla-model-y-lr', 'Tesla', 'Model Y Long Range', 75, 11, 250),
  car('vw-id3-pro', 'Volkswagen', 'ID.3 Pro', 58, 11, 120),
  car('vw-id4-pro', 'Volkswagen', 'ID.4 Pro', 77, 11, 135),
  car('volvo-ex30', 'Volvo', 'EX30', 64, 11, 153),
  car('zeekr-001', 'Zeekr', '001', 100, 22, 200),
];

export function catalogueCar(id: string): CatalogueCar | undefined {
  return carCatalogue.find((entry) => entry.id === id);
}
