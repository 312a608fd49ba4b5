ALTER TABLE "charging_sessions" ADD COLUMN "meter_anomaly_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "meter_claimed_wh" bigint;--> statement-breakpoint
CREATE INDEX "charging_sessions_meter_anomaly_idx" ON "charging_sessions" USING btree ("meter_anomaly_at") WHERE "charging_sessions"."meter_anomaly_at" is not null;