CREATE TABLE "roaming_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country_code" text,
	"party_id" text,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"inbound_token_hash" text,
	"pending_token_hash" text,
	"outbound_token" text,
	"versions_url" text,
	"version" text,
	"endpoints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locations_pulled_at" timestamp with time zone,
	"tariffs_pulled_at" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roaming_partners_inbound_token_unique" UNIQUE("inbound_token_hash"),
	CONSTRAINT "roaming_partners_pending_token_unique" UNIQUE("pending_token_hash"),
	CONSTRAINT "roaming_partners_status_check" CHECK ("roaming_partners"."status" in ('invited', 'registering', 'registered', 'unregistered')),
	CONSTRAINT "roaming_partners_registered_check" CHECK ("roaming_partners"."status" <> 'registered' or ("roaming_partners"."outbound_token" is not null and "roaming_partners"."versions_url" is not null and "roaming_partners"."inbound_token_hash" is not null))
);
--> statement-breakpoint
CREATE TABLE "roaming_tariffs" (
	"partner_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"ocpi_id" text NOT NULL,
	"currency" text NOT NULL,
	"tariff" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	CONSTRAINT "roaming_tariffs_partner_id_country_code_party_id_ocpi_id_pk" PRIMARY KEY("partner_id","country_code","party_id","ocpi_id")
);
--> statement-breakpoint
ALTER TABLE "stations" DROP CONSTRAINT "stations_country_check";--> statement-breakpoint
ALTER TABLE "stations" ALTER COLUMN "tariff_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "ocpi_evse_uid" text;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "ocpi_evse_id" text;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "ocpi_connector_id" text;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "ocpi_tariff_ids" jsonb;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "ocpi_last_updated" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "roaming_partner_id" uuid;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "ocpi_country_code" text;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "ocpi_party_id" text;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "ocpi_location_id" text;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "ocpi_last_updated" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "ocpi_location" jsonb;--> statement-breakpoint
ALTER TABLE "roaming_tariffs" ADD CONSTRAINT "roaming_tariffs_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roaming_tariffs_partner_idx" ON "roaming_tariffs" USING btree ("partner_id");--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_roaming_partner_id_roaming_partners_id_fk" FOREIGN KEY ("roaming_partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_ocpi_unique" ON "connectors" USING btree ("station_id","ocpi_evse_uid","ocpi_connector_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_ocpi_location_unique" ON "stations" USING btree ("roaming_partner_id","ocpi_country_code","ocpi_party_id","ocpi_location_id");--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_tariff_check" CHECK ("stations"."tariff_id" is not null or "stations"."roaming_partner_id" is not null);--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_partner_check" CHECK ("stations"."roaming_partner_id" is null or ("stations"."is_roaming" and "stations"."ocpi_location_id" is not null));--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_country_check" CHECK ("stations"."country" ~ '^[a-z]{2}$');