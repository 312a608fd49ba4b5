CREATE TABLE "private_station_claim_tries" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "private_station_claim_tries_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "private_station_claim_tries_scope_check" CHECK ("private_station_claim_tries"."scope" in ('user', 'code')),
	CONSTRAINT "private_station_claim_tries_count_check" CHECK ("private_station_claim_tries"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "private_stations" (
	"station_id" uuid PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"claimed_at" timestamp with time zone,
	"is_shared" boolean DEFAULT false NOT NULL,
	"weekly" jsonb DEFAULT '{"mo":[],"tu":[],"we":[],"th":[],"fr":[],"sa":[],"su":[]}'::jsonb NOT NULL,
	"dates_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"per_kwh_minor" bigint DEFAULT 0 NOT NULL,
	"per_minute_minor" bigint DEFAULT 0 NOT NULL,
	"parking_per_minute_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_stations_prices_check" CHECK (least("private_stations"."per_kwh_minor", "private_stations"."per_minute_minor", "private_stations"."parking_per_minute_minor") >= 0),
	CONSTRAINT "private_stations_dates_off_check" CHECK (jsonb_typeof("private_stations"."dates_off") = 'array'),
	CONSTRAINT "private_stations_weekly_check" CHECK (jsonb_typeof("private_stations"."weekly") = 'object')
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_kind_check";--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "station_owner_id" uuid;--> statement-breakpoint
ALTER TABLE "private_stations" ADD CONSTRAINT "private_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_station_owner_id_users_id_fk" FOREIGN KEY ("station_owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_earning_per_session" ON "receipts" USING btree ("session_id") WHERE "receipts"."kind" = 'station_earning';--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_station_owner_check" CHECK ("charging_sessions"."station_owner_id" is null or "charging_sessions"."station_owner_id" <> "charging_sessions"."user_id");--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('top_up', 'charge_payment', 'card_payment', 'reservation_payment', 'debt_payment', 'refund', 'adjustment', 'shop_payment', 'owner_earning'));--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_kind_check" CHECK ("receipts"."kind" in ('session', 'top_up', 'reservation', 'debt_payment', 'refund', 'session_adjustment', 'shop_order', 'station_earning'));--> statement-breakpoint
-- hand-written
-- SPEC §1 private stations: the owner's own sessions run on a tariff of zeros in the station's
-- currency (db/schema/stations.ts ownElectricityTariffIds).
INSERT INTO "tariffs" ("id", "name", "currency") VALUES
  ('00000000-0000-4000-8000-000000000001', 'Own electricity', 'rub'),
  ('00000000-0000-4000-8000-000000000002', 'Own electricity', 'eur'),
  ('00000000-0000-4000-8000-000000000003', 'Own electricity', 'kzt'),
  ('00000000-0000-4000-8000-000000000004', 'Own electricity', 'usd'),
  ('00000000-0000-4000-8000-000000000005', 'Own electricity', 'byn'),
  ('00000000-0000-4000-8000-000000000006', 'Own electricity', 'azn'),
  ('00000000-0000-4000-8000-000000000007', 'Own electricity', 'kgs'),
  ('00000000-0000-4000-8000-000000000008', 'Own electricity', 'tjs'),
  ('00000000-0000-4000-8000-000000000009', 'Own electricity', 'uzs')
ON CONFLICT ("id") DO NOTHING;
