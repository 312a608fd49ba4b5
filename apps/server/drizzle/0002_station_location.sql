-- Hand-written, like 0001 (`npx drizzle-kit generate --custom`): an expression index.
-- The map's viewport query, `point(lng, lat) <@ box(...)`, answered by a GiST index on the
-- station's location (modules/stations/repo.ts stationIdsInBounds). point_ops is built into
-- PostgreSQL, so this works on PGlite as well, no extension needed.
CREATE INDEX "stations_location_gist_idx" ON "stations" USING gist (point("lng", "lat"));
