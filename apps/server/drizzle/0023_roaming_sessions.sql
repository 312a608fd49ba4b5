ALTER TABLE "charging_sessions" ALTER COLUMN "tariff_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "roaming_partner_id" uuid;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "ocpi_session_id" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "ocpi_authorization_reference" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "ocpi_last_updated" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "partner_currency" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "roaming_markup_percent" double precision;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "roaming_rate" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "partner_cost_incl_vat" double precision;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "ocpi_cdr_id" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_roaming_partner_id_roaming_partners_id_fk" FOREIGN KEY ("roaming_partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_ocpi_session_unique" ON "charging_sessions" USING btree ("roaming_partner_id","ocpi_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_ocpi_reference_unique" ON "charging_sessions" USING btree ("ocpi_authorization_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_ocpi_cdr_unique" ON "charging_sessions" USING btree ("roaming_partner_id","ocpi_cdr_id");--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_tariff_check" CHECK ("charging_sessions"."tariff_id" is not null or "charging_sessions"."roaming_partner_id" is not null);