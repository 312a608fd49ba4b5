// What other modules may use of stations (STYLE.md: one public entry file per module).
export {
  reportConnectorStatus,
  setConnectorStatus,
  setStationUnavailable,
  type ConnectorStatusDeps,
} from './connector-status';
export { stationRoutes } from './routes';
export { createStationReadModel, type StationReadModel } from './read-model';
export { sharedReadModel, STATION_CHANGES_CHANNEL } from './shared-read-model';
export { rowOf, stationSummary } from './station-record';
export { loadTariffs, type TariffWithIdle } from './repo';
export { isFavourite } from './repo';
