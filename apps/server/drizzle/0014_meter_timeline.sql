ALTER TABLE "receipts" DROP CONSTRAINT "receipts_kind_check";--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "start_timestamp" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "clock_offset_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "last_reading_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "energy_source" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "stop_suspected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "closed_without_stop_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_samples" ADD COLUMN "register_wh" bigint;--> statement-breakpoint
ALTER TABLE "charging_samples" ADD COLUMN "is_counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_adjustment_per_session" ON "receipts" USING btree ("session_id") WHERE "receipts"."kind" = 'session_adjustment';--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_energy_source_check" CHECK ("charging_sessions"."energy_source" in ('meter_stop', 'last_reading'));--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_kind_check" CHECK ("receipts"."kind" in ('session', 'top_up', 'reservation', 'debt_payment', 'refund', 'session_adjustment'));--> statement-breakpoint
-- Readings stored before the meter's own register was kept: their register is the session's
-- start plus the energy they recorded.
UPDATE "charging_samples" AS s SET "register_wh" = s."energy_wh" + c."meter_start_wh"
  FROM "charging_sessions" AS c
  WHERE c."id" = s."session_id" AND c."meter_start_wh" IS NOT NULL;--> statement-breakpoint
UPDATE "charging_sessions" SET "last_reading_at" = "last_energy_at", "start_timestamp" = "started_at"
  WHERE "started_at" IS NOT NULL;
