import { getHeapStatistics } from 'node:v8';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@evcharge/domain/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler; see `answerUnderPressure`. */
    pressureHandler?: FastifyUnderPressureOptions['pressureHandler'];
  }
}

/** Above any of these the app answers 503; 0 turns a check off. */
export type PressureLimits = {
  /** Mean event-loop delay over one sample, in milliseconds. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use. */
  maxHeapUsedBytes: number;
  sampleIntervalMs: number;
  /** Sent as Retry-After with the 503. */
  retryAfterSeconds: number;
  /** An extra check run every `healthCheckIntervalMs`; false sheds load like a threshold. */
  healthCheck?: () => Promise<boolean>;
  healthCheckIntervalMs: number;
};

// Past ~90% of V8's limit (which follows --max-old-space-size) the GC thrashes and an
// out-of-memory crash is near; a mean event-loop delay of a second means every request waits.
export const defaultPressureLimits: PressureLimits = {
  maxEventLoopDelayMs: 1000,
  maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
  sampleIntervalMs: 1000,
  retryAfterSeconds: 10,
  healthCheckIntervalMs: 5000,
};

/** Route config for what must answer even under pressure: liveness, metrics. */
export const answerUnderPressure = { pressureHandler: () => undefined };

// under-pressure makes one instance and hands it to our error handler: 503 SERVICE_UNAVAILABLE.
class UnderPressureError extends AppError {
  constructor() {
    super('SERVICE_UNAVAILABLE');
  }
}

/**
 * DESIGN.md Operations: answer 503 before the process drowns. Register it before the rate
 * limit and the routes, so a shed request costs as little as possible.
 */
export async function registerPressure(app: FastifyInstance, limits: PressureLimits) {
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    sampleInterval: limits.sampleIntervalMs,
    retryAfter: limits.retryAfterSeconds,
    customError: UnderPressureError,
    ...(limits.healthCheck
      ? { healthCheck: limits.healthCheck, healthCheckInterval: limits.healthCheckIntervalMs }
      : {}),
  });
}
