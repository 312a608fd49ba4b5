// What other modules may use of stations (STYLE.md: one public entry file per module).
export {
  setConnectorStatus,
  setStationUnavailable,
  type ConnectorStatusDeps,
} from './connector-status';
export { loadTariffs, type TariffWithIdle } from './repo';
