// Every contract, for the server's route table and the OpenAPI document.
import { changePassword } from './auth/change-password';
import { checkToken } from './auth/check-token';
import { confirmEmail, sendEmailConfirmation } from './auth/confirm-email';
import { logout } from './auth/logout';
import { resetPassword } from './auth/reset-password';
import { setPassword } from './auth/set-password';
import { signIn } from './auth/sign-in';
import { signUp } from './auth/sign-up';
import { getBrand } from './brand/get-brand';
import { getLegal } from './brand/get-legal';
import { reportAnalyticsEvents } from './analytics/report-events';
import { getAnalyticsSummary } from './admin/analytics';
import { listMeterAnomalies } from './admin/meter-anomalies';
import { getOutbox } from './dev/get-outbox';
import { presentDemoTag } from './dev/present-demo-tag';
import { changeMultiaccount } from './companies/change-multiaccount';
import { getCompany, listCompanies } from './companies/companies';
import { getEvent, listEvents } from './events/events';
import { getVapidPublicKey, savePushToken } from './push/push';
import {
  checkLikedStation,
  likeStation,
  listLikedStations,
  unlikeStation,
} from './favourites/favourite-stations';
import {
  carCatalogueContract,
  createCar,
  deleteCar,
  getCarDetail,
  listCars,
  updateCar,
} from './cars/cars';
import {
  connectorStatusTime,
  listChargePoints,
  setConnectorAvailability,
} from './sessions/charge-points';
import { getChargeById, getCharges, haveActiveCharge } from './sessions/get-charges';
import { chargeSummary, listCharges } from './sessions/list-charges';
import { planCharge } from './sessions/plan-charge';
import {
  checkChargeTimeout,
  setRemainingTime,
  setUserClosedStatus,
} from './sessions/session-settings';
import { startCharge } from './sessions/start-charge';
import { stopCharge } from './sessions/stop-charge';
import { subscribeCharges } from './sessions/subscribe-charges';
import { getLanguages } from './users/get-languages';
import { getSelf } from './users/get-self';
import { findByQrCode } from './stations/find-by-qr';
import { getStation, getStationGuest } from './stations/get-station';
import { listStations, listStationsGuest } from './stations/list-stations';
import { mapPoints, mapPointsGuest } from './stations/map-points';
import { updateLanguage } from './users/update-language';
import { checkPhoneCode } from './phone/check-code';
import { confirmPhoneCode } from './phone/confirm-code';
import { inboundSms } from './phone/inbound-sms';
import { getPendingPhoneCode } from './phone/pending-code';
import { sendPhoneCode } from './phone/send-code';
import { getPerson, patchPerson, replacePerson } from './account/persons';
import { addCompanyUser, checkUserId, listUsers } from './companies/members';
import { acceptPrivacyPolicy, deleteAccount, deletionCheck } from './account/account';
import { bindCard, deleteCard, listCards, setDefaultCard } from './payments/cards';
import {
  getBalance,
  listBalanceOperations,
  payDebt,
  refundBalance,
  topUpBalance,
} from './payments/balance';
import { acquirerCallback, getPayment } from './payments/payments';
import { getReceipt, listChargesPlusReserves, listReceipts } from './payments/receipts';
import {
  cancelReserve,
  connectorReserveNow,
  connectorReserveNowV2,
  createReserve,
  getReserve,
  listUserReserves,
} from './reserves/reserves';
import {
  cancelRfidBinding,
  checkRfidConnector,
  createRfidTag,
  deleteRfidTag,
  listRfidTags,
  subscribeRfid,
  updateRfidTag,
} from './rfid/rfid';
import {
  checkLoyaltyAvailable,
  createLoyaltyCard,
  deleteLoyaltyCard,
  listLoyaltyCards,
  listLoyaltyCompanies,
  updateLoyaltyCard,
} from './loyalty/loyalty';
import {
  approveFeedback,
  createFeedback,
  deleteOwnFeedback,
  listApprovedFeedbacks,
  listPendingFeedbacks,
  rejectFeedback,
} from './feedbacks/feedbacks';
import {
  countNewMessages,
  listMessages,
  readMessages,
  sendMessage,
  sendMessageFiles,
  subscribeMessages,
} from './messages/messages';
import { createShopOrder, getShopCatalogue, getShopOrder, listShopOrders } from './shop/shop';
import {
  claimPrivateStation,
  getSharingSchedule,
  listPrivateStations,
  releasePrivateStation,
  saveSharingSchedule,
} from './private-stations/private-stations';
import {
  answerConversation,
  getConversationContext,
  getStaffSelf,
  listConversationMessages,
  listConversations,
  readConversation,
  subscribeSupport,
} from './admin/support';

export const contracts = {
  signIn,
  signUp,
  checkToken,
  logout,
  changePassword,
  resetPassword,
  setPassword,
  confirmEmail,
  getSelf,
  getLanguages,
  updateLanguage,
  getBrand,
  getLegal,
  reportAnalyticsEvents,
  getAnalyticsSummary,
  listMeterAnomalies,
  getOutbox,
  presentDemoTag,
  listStations,
  listStationsGuest,
  mapPoints,
  mapPointsGuest,
  getStation,
  getStationGuest,
  findByQrCode,
  startCharge,
  stopCharge,
  getCharges,
  haveActiveCharge,
  getChargeById,
  subscribeCharges,
  listCharges,
  chargeSummary,
  checkChargeTimeout,
  setRemainingTime,
  setUserClosedStatus,
  planCharge,
  listChargePoints,
  setConnectorAvailability,
  connectorStatusTime,
  claimPrivateStation,
  listPrivateStations,
  releasePrivateStation,
  getSharingSchedule,
  saveSharingSchedule,
  carCatalogueContract,
  listCars,
  getCarDetail,
  createCar,
  updateCar,
  deleteCar,
  listLikedStations,
  checkLikedStation,
  likeStation,
  unlikeStation,
  getPerson,
  replacePerson,
  patchPerson,
  listUsers,
  checkUserId,
  addCompanyUser,
  acceptPrivacyPolicy,
  deletionCheck,
  deleteAccount,
  sendEmailConfirmation,
  sendPhoneCode,
  confirmPhoneCode,
  checkPhoneCode,
  getPendingPhoneCode,
  inboundSms,
  listCompanies,
  getCompany,
  changeMultiaccount,
  listEvents,
  getEvent,
  savePushToken,
  getVapidPublicKey,
  listCards,
  bindCard,
  setDefaultCard,
  deleteCard,
  getBalance,
  listBalanceOperations,
  topUpBalance,
  refundBalance,
  payDebt,
  getPayment,
  acquirerCallback,
  listReceipts,
  getReceipt,
  listChargesPlusReserves,
  listUserReserves,
  getReserve,
  connectorReserveNowV2,
  connectorReserveNow,
  createReserve,
  cancelReserve,
  listRfidTags,
  checkRfidConnector,
  subscribeRfid,
  cancelRfidBinding,
  createRfidTag,
  updateRfidTag,
  deleteRfidTag,
  listLoyaltyCompanies,
  checkLoyaltyAvailable,
  listLoyaltyCards,
  createLoyaltyCard,
  updateLoyaltyCard,
  deleteLoyaltyCard,
  listApprovedFeedbacks,
  createFeedback,
  deleteOwnFeedback,
  listPendingFeedbacks,
  approveFeedback,
  rejectFeedback,
  listMessages,
  countNewMessages,
  subscribeMessages,
  sendMessage,
  sendMessageFiles,
  readMessages,
  getStaffSelf,
  listConversations,
  getConversationContext,
  listConversationMessages,
  subscribeSupport,
  answerConversation,
  readConversation,
  getShopCatalogue,
  createShopOrder,
  listShopOrders,
  getShopOrder,
} as const;
