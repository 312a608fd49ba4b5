// What other modules may use of events (STYLE.md: one public entry file per module).
export { eventRoutes } from './routes';
export { createUserEvents, type UserEvents } from './user-events';
export { tellFavouriteFree } from './favourite-free';
export {
  tellReservation,
  type ReservationEventType,
  type ToldReservation,
} from './reservation-events';
export {
  tellMeterAnomaly,
  tellParkingStarted,
  tellServerStop,
  tellSessionAdjusted,
  tellSessionClosedNoStop,
  tellSessionEnded,
  tellSessionStartedLate,
} from './session-events';
