import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of one app (DESIGN.md Operations), served at GET /metrics. Every
 * buildApp makes its own registry, so tests can build many apps in one process. A feature
 * that measures something (OCPP connections, active sessions, ledger postings) adds its
 * counter or gauge here, registered on `registry`, and reaches it through `deps.metrics`.
 */
export type Metrics = {
  registry: Registry;
  /** Labelled by the route pattern (`/api/user/:id`), never the raw URL: bounded series. */
  httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Charge point sockets open on this instance. */
  ocppConnections: Gauge;
  /** OCPP calls by action: `in` from charge points, `out` our commands; outcome ok or error. */
  ocppMessages: Counter<'action' | 'direction' | 'outcome'>;
  /** Time to answer a charge point's call, by action (database work included). */
  ocppHandlingDuration: Histogram<'action'>;
  /** Long polls of /charges/subscribe held open now: read from `source` on each scrape. */
  chargeLongPolls: { source: () => number };
  /** Sessions that ended: success (with the cost posted) or cancelled (never started). */
  chargeSessionsEnded: Counter<'outcome'>;
  /** Session costs posted to the ledger, in minor units per currency. */
  chargeRevenueMinor: Counter<'currency'>;
  /** Operations through the acquirer that reached a status, by order type and status. */
  paymentOperations: Counter<'type' | 'status'>;
};

// prom-client's default buckets stop at 10 s; long polls hold a request for up to a minute.
const HTTP_DURATION_BUCKETS_SECONDS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
];

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Process metrics: CPU, memory, heap, event-loop lag, GC, handles, file descriptors.
  collectDefaultMetrics({ register: registry });
  const chargeLongPolls = { source: () => 0 };
  new Gauge({
    name: 'charge_long_polls',
    help: 'Long polls for charging events held open on this instance',
    registers: [registry],
    collect() {
      this.set(chargeLongPolls.source());
    },
  });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_DURATION_BUCKETS_SECONDS,
      registers: [registry],
    }),
    ocppConnections: new Gauge({
      name: 'ocpp_connections',
      help: 'OCPP charge point sockets open on this instance',
      registers: [registry],
    }),
    ocppMessages: new Counter({
      name: 'ocpp_messages_total',
      help: 'OCPP calls by action, direction (in: from charge points, out: commands) and outcome',
      labelNames: ['action', 'direction', 'outcome'],
      registers: [registry],
    }),
    ocppHandlingDuration: new Histogram({
      name: 'ocpp_message_duration_seconds',
      help: 'Time to answer a charge point call, by action',
      labelNames: ['action'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    chargeLongPolls,
    chargeSessionsEnded: new Counter({
      name: 'charge_sessions_ended_total',
      help: 'Charging sessions that ended, by outcome (success, cancelled)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    chargeRevenueMinor: new Counter({
      name: 'charge_revenue_minor_total',
      help: 'Session costs posted to the ledger, in minor units, by currency',
      labelNames: ['currency'],
      registers: [registry],
    }),
    paymentOperations: new Counter({
      name: 'payment_operations_total',
      help: 'Operations through the acquirer (top-ups, debt payments, bindings, holds, refunds) by order type and the status they reached',
      labelNames: ['type', 'status'],
      registers: [registry],
    }),
  };
}
