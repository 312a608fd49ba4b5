import type { Language } from '@evcharge/domain/constants';
import type { ReceiptItem, ReceiptItemCode, ReceiptKind } from '../../db/schema/money';

// The words on a receipt's PDF. Russian, English and Spanish are written out; a reader of
// another language gets Russian and English side by side.

export type PdfLabels = {
  receipt: string;
  kinds: Record<ReceiptKind, string>;
  seller: string;
  taxId: string;
  email: string;
  date: string;
  session: string;
  station: string;
  columns: { item: string; quantity: string; price: string; vat: string; amount: string };
  units: Record<ReceiptItem['unit'], string>;
  items: Record<ReceiptItemCode, string>;
  total: string;
  /** `{rate}` is replaced by the rate. */
  vatIncluded: string;
  noVat: string;
  paidFromBalance: string;
  paidByCard: string;
};

const ru: PdfLabels = {
  receipt: 'Чек',
  kinds: {
    session: 'Оплата зарядной сессии',
    top_up: 'Пополнение баланса',
    reservation: 'Оплата бронирования',
    debt_payment: 'Погашение задолженности',
    refund: 'Возврат',
  },
  seller: 'Продавец',
  taxId: 'ИНН',
  email: 'Эл. почта',
  date: 'Дата и время',
  session: 'Сессия',
  station: 'Станция',
  columns: { item: 'Наименование', quantity: 'Кол-во', price: 'Цена', vat: 'НДС', amount: 'Сумма' },
  units: { kWh: 'кВт·ч', min: 'мин', pcs: 'шт.' },
  items: {
    energy: 'Электроэнергия',
    charging_time: 'Время зарядки',
    parking: 'Парковка',
    start_fee: 'Плата за старт',
    first_consumption_fee: 'Плата за первое потребление',
    reservation_fee: 'Плата за бронирование',
    minimum_charge: 'Доплата до минимальной стоимости',
    session: 'Зарядная сессия',
    top_up: 'Пополнение баланса',
    debt_payment: 'Погашение задолженности',
    refund: 'Возврат средств',
    reservation: 'Бронирование',
  },
  total: 'Итого',
  vatIncluded: 'в т. ч. НДС {rate}%',
  noVat: 'Без НДС',
  paidFromBalance: 'Оплачено с баланса',
  paidByCard: 'Оплачено картой',
};

const en: PdfLabels = {
  receipt: 'Receipt',
  kinds: {
    session: 'Charging session payment',
    top_up: 'Balance top-up',
    reservation: 'Reservation payment',
    debt_payment: 'Debt payment',
    refund: 'Refund',
  },
  seller: 'Seller',
  taxId: 'Tax ID',
  email: 'E-mail',
  date: 'Date and time',
  session: 'Session',
  station: 'Station',
  columns: { item: 'Item', quantity: 'Qty', price: 'Price', vat: 'VAT', amount: 'Amount' },
  units: { kWh: 'kWh', min: 'min', pcs: 'pcs' },
  items: {
    energy: 'Energy',
    charging_time: 'Charging time',
    parking: 'Parking',
    start_fee: 'Start fee',
    first_consumption_fee: 'First consumption fee',
    reservation_fee: 'Reservation fee',
    minimum_charge: 'Up to the minimum session cost',
    session: 'Charging session',
    top_up: 'Balance top-up',
    debt_payment: 'Debt payment',
    refund: 'Refund',
    reservation: 'Reservation',
  },
  total: 'Total',
  vatIncluded: 'incl. VAT {rate}%',
  noVat: 'VAT not applicable',
  paidFromBalance: 'Paid from the balance',
  paidByCard: 'Paid by card',
};

const es: PdfLabels = {
  receipt: 'Recibo',
  kinds: {
    session: 'Pago de la sesión de carga',
    top_up: 'Recarga del saldo',
    reservation: 'Pago de la reserva',
    debt_payment: 'Pago de la deuda',
    refund: 'Reembolso',
  },
  seller: 'Vendedor',
  taxId: 'NIF',
  email: 'Correo',
  date: 'Fecha y hora',
  session: 'Sesión',
  station: 'Estación',
  columns: { item: 'Concepto', quantity: 'Cant.', price: 'Precio', vat: 'IVA', amount: 'Importe' },
  units: { kWh: 'kWh', min: 'min', pcs: 'ud.' },
  items: {
    energy: 'Energía',
    charging_time: 'Tiempo de carga',
    parking: 'Estacionamiento',
    start_fee: 'Tarifa de inicio',
    first_consumption_fee: 'Tarifa de primer consumo',
    reservation_fee: 'Tarifa de reserva',
    minimum_charge: 'Hasta el coste mínimo de la sesión',
    session: 'Sesión de carga',
    top_up: 'Recarga del saldo',
    debt_payment: 'Pago de la deuda',
    refund: 'Reembolso',
    reservation: 'Reserva',
  },
  total: 'Total',
  vatIncluded: 'IVA {rate}% incluido',
  noVat: 'Sin IVA',
  paidFromBalance: 'Pagado con el saldo',
  paidByCard: 'Pagado con tarjeta',
};

function both(first: PdfLabels, second: PdfLabels): PdfLabels {
  const join = (a: string, b: string) => (a === b ? a : `${a} / ${b}`);
  const mapJoin = <K extends string>(a: Record<K, string>, b: Record<K, string>) =>
    Object.fromEntries(
      Object.keys(a).map((key) => [key, join(a[key as K], b[key as K])]),
    ) as Record<K, string>;
  return {
    receipt: join(first.receipt, second.receipt),
    kinds: mapJoin(first.kinds, second.kinds),
    seller: join(first.seller, second.seller),
    taxId: join(first.taxId, second.taxId),
    email: join(first.email, second.email),
    date: join(first.date, second.date),
    session: join(first.session, second.session),
    station: join(first.station, second.station),
    // Narrow columns keep one language's heading.
    columns: first.columns,
    units: first.units,
    items: mapJoin(first.items, second.items),
    total: join(first.total, second.total),
    vatIncluded: join(first.vatIncluded, second.vatIncluded),
    noVat: join(first.noVat, second.noVat),
    paidFromBalance: join(first.paidFromBalance, second.paidFromBalance),
    paidByCard: join(first.paidByCard, second.paidByCard),
  };
}

const bilingual = both(ru, en);

export function pdfLabels(language: Language): PdfLabels {
  if (language === 'ru') return ru;
  if (language === 'en') return en;
  if (language === 'es') return es;
  return bilingual;
}
