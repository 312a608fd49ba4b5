// What other modules and app.ts may use of private stations (STYLE.md: one public entry file
// per module): the routes. Who may use a station when is the domain's rule
// (domain/private-station.ts), read by each module that lets drivers in.
export { privateStationRoutes } from './routes';
