// Station reviews and their moderation (SPEC §3 Review/feedback, §7 Feedbacks): what app.ts
// may use of them (STYLE.md: one public entry file per module).
export { feedbackRoutes } from './routes';
