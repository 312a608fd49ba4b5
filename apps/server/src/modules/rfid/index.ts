// RFID tags (SPEC §2 rfid, my_rfid; §4 the wizard): what app.ts uses of them.
export { rfidRoutes } from './routes';
export { rfidReader, type RfidReader } from './reader';
export {
  desiredLocalList,
  startLocalListSync,
  syncChargePoint,
  syncLocalLists,
  type LocalListSync,
} from './local-list';
