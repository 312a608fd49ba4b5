// Station reviews and their moderation (SPEC §3 Review/feedback, §7 Feedbacks): what app.ts
// may use of them (STYLE.md: one public entry file per module).
export { feedbackRoutes } from './routes';
// Images checked by their bytes and drawn again without metadata: the support chat's files too.
export { decodeBase64Photo, reencodePhoto, type PhotoType, type PreparedPhoto } from './images';
