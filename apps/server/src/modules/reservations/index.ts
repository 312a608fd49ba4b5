// Connector reservations (SPEC §3 Reservation, §4, §7 Reserves): what app.ts and the tests
// may use of them (STYLE.md: one public entry file per module).
export { reservationRoutes } from './routes';
export { startReservationSweep, sweepReservations } from './sweep';
export { roamingReservationResult, type ReservationDeps } from './lifecycle';
export { withdrawClosedReservations } from './withdraw';
