export { eventRoutes } from './routes';
export { createUserEvents, type UserEvents } from './user-events';
export { tellFavouriteFree } from './favourite-free';
export { tellParkingStarted, tellServerStop, tellSessionEnded } from './session-events';
