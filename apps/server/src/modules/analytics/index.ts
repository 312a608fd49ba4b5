// The app's own web-analytics counter (SPEC §1): the web's page views and funnel steps, and
// the staff console's summary of them (analysts, administrators).
export { analyticsRoutes } from './routes';
