export { stationRoutes } from './routes';
export { createStationReadModel, type StationReadModel } from './read-model';
export { summaryOf } from './station-view';
export { loadTariffs, type TariffWithIdle } from './repo';
