import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { PhoneMessenger } from './mail/phone-messenger';
import type { Acquirer } from './payments/acquirer';
import type { Metrics } from './metrics';
// Types from the files that define them: a module's entry file would bring its routes, which
// import this file.
import type { ChargePoints } from './modules/sessions/charge-points-port';
import type { RoamingLink } from './modules/sessions/roaming-link-port';
import type { ChargeEventBus } from './modules/sessions/event-bus';
import type { UserEvents } from './modules/events/user-events';
import type { Purchases } from './modules/payments/purchases-port';
import type { StationReadModel } from './modules/stations/read-model';

/** What services need, passed as their first argument (STYLE.md: plain functions). */
export type Deps = {
  db: Db;
  config: Config;
  brand: BrandConfig;
  mailer: Mailer;
  /** SMS and calls to phones (phone confirmation). */
  phoneMessenger: PhoneMessenger;
  metrics: Metrics;
  /** Stations in memory for lists and the map; call its refresh after changing a station. */
  stationReadModel: StationReadModel;
  /** Commands to charge points (RemoteStartTransaction …); the OCPP gateway implements it. */
  chargePoints: ChargePoints;
  /** Commands to roaming partners' charge points (OCPI 2.2.1); the roaming module implements it. */
  roamingLink: RoamingLink;
  /** Wakes drivers' long polls when their sessions have news. */
  chargeEvents: ChargeEventBus;
  /** The driver's notifications (GET /events), recorded once and pushed to their devices. */
  userEvents: UserEvents;
  /** The time for sign-in locks and session lifetimes; tests pass a simulated clock. */
  now: () => Date;
  /** Cards and payments (ACQUIRER; the sandbox by default). */
  acquirer: Acquirer;
  /** What a paid or declined payment for goods does to what was bought (the shop's orders). */
  purchases: Purchases;
};
