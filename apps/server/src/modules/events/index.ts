// What other modules may use of events (STYLE.md: one public entry file per module).
export { tellFavouriteFree } from './favourite-free';
export { tellParkingStarted, tellServerStop, tellSessionEnded } from './session-events';
