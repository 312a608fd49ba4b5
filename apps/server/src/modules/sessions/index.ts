// A charging session's whole life (DESIGN.md): what other modules, the transports and app.ts
// may use of it (STYLE.md: one public entry file per module).

// The HTTP routes, the sweep and the long polls' bus, for app.ts.
export { chargeRoutes } from './routes';
export { startSessionSweep } from './supervise';
export { startRetentionSweep } from './retention';
export { CHARGE_EVENTS_CHANNEL, createChargeEventBus, type ChargeEventBus } from './event-bus';
export { longPoll, pollWaitFor, QuietLooks, type PollWait } from './long-poll';

// How modules reach a charge point, and what its transport tells the sessions.
export {
  commandFailure,
  isCommandFailure,
  type ChargePoints,
  type CommandFailure,
} from './charge-points-port';
export type { ChargePointSender } from './charge-point-sender';
export { sessionChargePointEvents, type SessionChargePointEvents } from './charge-point-events';

// Finishing, for the tests that end a session as OCPP would, and a session's receipt, for the
// tests that issue it as finishing does.
export { finishSession, type SessionEnd } from './finish';
export { cancelPreparing, type ChargeDeps } from './start';
export { findPlacedSession } from './repo';

// What a reservation shares with a start (SPEC §3 Reservation): the place and its charge
// point, the money rules, the connector's lock, the driver's idTags, the tariff.
export { connectorPlace, payerProfile, type ConnectorPlace } from './place-repo';
export { appIdTag, isReachable, isVisibleTo, refusalOf } from './start';
export {
  closedRefusal,
  decidePayment,
  exchangeColumns,
  paymentFor,
  stationRule,
} from './start-rules';
export { lockConnector } from './hold-repo';
export { checkIdTag, driverGroupTag } from './id-tags';
export { findActiveSession, stationTariffAt } from './repo';
export { blockedByOf } from './plan';
export { tariffOf } from './cost';
// A reservation's list beside the sessions (GET /v2/charges_plus_reserves).
export { chargeRowsByIds } from './charge-row-repo';
export { toCharge } from './charge-view';
// The driver's sessions beside a support conversation (SPEC §6 support staff).
export { sessionsForSupport } from './history';
// Roaming sessions (OCPI 2.2.1): the port the roaming module implements, and what its
// receivers hand over (session pushes, CDRs, command results).
export type { RoamingAuthorization, RoamingCommandOutcome, RoamingLink } from './roaming-link-port';
export { applyRoamingSession, roamingCommandResult, type RoamingSessionPush } from './roaming';
export { adoptRoamingSession } from './roaming-adopt';
export { isRoamingPlace, roamingReservationPrice, type RoamingPlace } from './roaming-terms';
export { billRoamingCdr, type RoamingCdr } from './roaming-bill';
export { maxEnergyWh } from './meter-timeline';
