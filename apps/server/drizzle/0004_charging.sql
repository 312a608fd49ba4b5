ALTER TABLE "charging_sessions" ADD COLUMN "payer_company_id" uuid;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "profile" text DEFAULT 'fast' NOT NULL;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "id_tag" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "start_deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "last_energy_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "stop_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "server_stop_reason" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "battery_kwh" double precision;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "max_ac_kw" double precision;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "max_dc_kw" double precision;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_payer_company_id_companies_id_fk" FOREIGN KEY ("payer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_open_id_tag" ON "charging_sessions" USING btree ("id_tag") WHERE status in ('preparing', 'charging', 'suspendedev', 'suspendedevse', 'finishing', 'parking');--> statement-breakpoint
CREATE INDEX "charging_sessions_open_idx" ON "charging_sessions" USING btree ("status") WHERE status in ('preparing', 'charging', 'suspendedev', 'suspendedevse', 'finishing', 'parking');--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_profile_check" CHECK ("charging_sessions"."profile" in ('fast', 'balanced', 'gentle'));