// The support chat (SPEC §7 Messages and feedback, §6 support staff): what app.ts may use of it
// (STYLE.md: one public entry file per module).
export { messageRoutes } from './routes';
