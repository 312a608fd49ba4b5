/**
 * Connections an instance keeps to PostgreSQL (DATABASE_POOL_SIZE). A start or a stop holds one
 * for its whole transaction while the readings' statements and the long polls' checks go on
 * beside it: with 5,000 charge points on one instance, 10 left the messages queueing for a
 * connection (MeterValues p99 97-110 ms), 20 did not (42 ms; bench/RESULTS.md).
 */
export const DEFAULT_POOL_SIZE = 20;
