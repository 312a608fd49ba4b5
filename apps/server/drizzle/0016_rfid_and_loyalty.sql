CREATE TABLE "rfid_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"connector_id" uuid NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"uid" text,
	"fail_reason" text,
	"deadline_at" timestamp with time zone NOT NULL,
	"rfid_tag_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfid_bindings_status_check" CHECK ("rfid_bindings"."status" in ('waitingCar', 'waitingTag', 'tagRead', 'bound', 'failed', 'expired', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "loyalty_card_id" uuid;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "loyalty" jsonb;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "loyalty_discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "loyalty_points" integer;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "color" text DEFAULT '#1f4fd8' NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "text_color" text DEFAULT '#ffffff' NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "number_length" integer DEFAULT 13 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "number_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "check_digit" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "barcode" text DEFAULT 'code128' NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "benefit_kind" text DEFAULT 'discount' NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "discount_percent" double precision;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "points_per_kwh" double precision;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rfid_tags" ADD COLUMN "is_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rfid_tags" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rfid_tags" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "local_list_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "local_list_digest" text;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "local_list_unsupported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rfid_bindings" ADD CONSTRAINT "rfid_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_bindings" ADD CONSTRAINT "rfid_bindings_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_bindings" ADD CONSTRAINT "rfid_bindings_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_bindings" ADD CONSTRAINT "rfid_bindings_rfid_tag_id_rfid_tags_id_fk" FOREIGN KEY ("rfid_tag_id") REFERENCES "public"."rfid_tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rfid_bindings_user_idx" ON "rfid_bindings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_bindings_one_open_per_station" ON "rfid_bindings" USING btree ("station_id") WHERE status in ('waitingCar', 'waitingTag', 'tagRead');--> statement-breakpoint
CREATE INDEX "rfid_bindings_open_connector_idx" ON "rfid_bindings" USING btree ("connector_id") WHERE status in ('waitingCar', 'waitingTag', 'tagRead');--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_loyalty_card_id_loyalty_cards_id_fk" FOREIGN KEY ("loyalty_card_id") REFERENCES "public"."loyalty_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_cards_one_default" ON "loyalty_cards" USING btree ("user_id") WHERE "loyalty_cards"."is_default";--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_points_check" CHECK ("loyalty_cards"."points" >= 0);--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD CONSTRAINT "loyalty_companies_length_check" CHECK ("loyalty_companies"."number_length" between 4 and 32);--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD CONSTRAINT "loyalty_companies_check_digit_check" CHECK ("loyalty_companies"."check_digit" in ('none', 'luhn', 'ean13'));--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD CONSTRAINT "loyalty_companies_barcode_check" CHECK ("loyalty_companies"."barcode" in ('code128', 'ean13'));--> statement-breakpoint
ALTER TABLE "loyalty_companies" ADD CONSTRAINT "loyalty_companies_benefit_check" CHECK (("loyalty_companies"."benefit_kind" = 'discount' and "loyalty_companies"."discount_percent" > 0 and "loyalty_companies"."discount_percent" <= 100)
        or ("loyalty_companies"."benefit_kind" = 'points' and "loyalty_companies"."points_per_kwh" > 0));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('user_wallet', 'company_wallet', 'acquirer_clearing', 'revenue', 'loyalty_discounts'));