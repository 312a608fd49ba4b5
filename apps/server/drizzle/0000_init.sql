CREATE TABLE "charging_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "charging_sessions_transaction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"connector_id" uuid NOT NULL,
	"tariff_id" uuid NOT NULL,
	"car_id" uuid,
	"rfid_tag_id" uuid,
	"reservation_id" uuid,
	"status" text DEFAULT 'preparing' NOT NULL,
	"limit_mode" text DEFAULT 'none' NOT NULL,
	"limit_value" bigint,
	"meter_start_wh" bigint,
	"meter_stop_wh" bigint,
	"energy_wh" bigint DEFAULT 0 NOT NULL,
	"power_w" integer,
	"soc_percent" integer,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"started_at" timestamp with time zone,
	"parking_started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"remaining_minutes" integer,
	"is_user_closed" boolean DEFAULT false NOT NULL,
	"stop_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charging_sessions_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "charging_sessions_status_check" CHECK ("charging_sessions"."status" in ('preparing', 'charging', 'suspendedev', 'suspendedevse', 'finishing', 'parking', 'success', 'cancelled')),
	CONSTRAINT "charging_sessions_limit_mode_check" CHECK ("charging_sessions"."limit_mode" in ('none', 'full', 'cost', 'time', 'energy')),
	CONSTRAINT "charging_sessions_currency_check" CHECK ("charging_sessions"."currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs')),
	CONSTRAINT "charging_sessions_energy_check" CHECK ("charging_sessions"."energy_wh" >= 0 and "charging_sessions"."cost_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"connector_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"fixed_cost_minor" bigint DEFAULT 0 NOT NULL,
	"idle_minute_cost_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_period_check" CHECK ("reservations"."ends_at" > "reservations"."starts_at"),
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('active', 'cancelled', 'completed', 'expired')),
	CONSTRAINT "reservations_currency_check" CHECK ("reservations"."currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs'))
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"vin" text,
	"soc_percent" integer,
	"battery_temperature_c" integer,
	"range_km" integer,
	"lat" double precision,
	"lng" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cars_vin_check" CHECK ("cars"."vin" is null or "cars"."vin" ~ '^[A-HJ-NPR-Z0-9]{17}$'),
	CONSTRAINT "cars_soc_check" CHECK ("cars"."soc_percent" is null or "cars"."soc_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "loyalty_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"loyalty_company_id" uuid NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_companies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"acquirer" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"bank" text,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_cards_last4_check" CHECK ("payment_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_cards_exp_month_check" CHECK ("payment_cards"."exp_month" between 1 and 12),
	CONSTRAINT "payment_cards_status_check" CHECK ("payment_cards"."status" in ('linked', 'processing', 'blocked'))
);
--> statement-breakpoint
CREATE TABLE "rfid_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfid_tags_uid_check" CHECK (length("rfid_tags"."uid") between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "balance_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid,
	"order_type" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"card_id" uuid,
	"acquirer_payment_id" text,
	"error_code" text,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_operations_amount_check" CHECK ("balance_operations"."amount_minor" > 0),
	CONSTRAINT "balance_operations_order_type_check" CHECK ("balance_operations"."order_type" in ('TopUpBalance', 'PayDebt')),
	CONSTRAINT "balance_operations_status_check" CHECK ("balance_operations"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "balance_operations_currency_check" CHECK ("balance_operations"."currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs'))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"company_id" uuid,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_unique" UNIQUE NULLS NOT DISTINCT("kind","user_id","company_id","currency"),
	CONSTRAINT "ledger_accounts_id_currency_unique" UNIQUE("id","currency"),
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('user_wallet', 'company_wallet', 'acquirer_clearing', 'revenue')),
	CONSTRAINT "ledger_accounts_currency_check" CHECK ("ledger_accounts"."currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'user_wallet') = ("ledger_accounts"."user_id" is not null) and ("ledger_accounts"."kind" = 'company_wallet') = ("ledger_accounts"."company_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_non_zero_check" CHECK ("ledger_postings"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_reference_unique" UNIQUE("kind","reference"),
	CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('top_up', 'charge_payment', 'refund', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"balance_operation_id" uuid,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_number_unique" UNIQUE("number"),
	CONSTRAINT "receipts_currency_check" CHECK ("receipts"."currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs')),
	CONSTRAINT "receipts_subject_check" CHECK ("receipts"."session_id" is not null or "receipts"."balance_operation_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('email', 'sms', 'call'))
);
--> statement-breakpoint
CREATE TABLE "message_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_files_size_check" CHECK ("message_files"."size_bytes" between 1 and 512000)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"author" text NOT NULL,
	"staff_user_id" uuid,
	"text" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_author_check" CHECK ("messages"."author" in ('user', 'support'))
);
--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_photos_type_check" CHECK ("review_photos"."content_type" in ('image/jpeg', 'image/png')),
	CONSTRAINT "review_photos_size_check" CHECK ("review_photos"."size_bytes" between 1 and 512000)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"rating" integer,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('pending', 'approved', 'deleted')),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" is null or "reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "connectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"socket_type" text NOT NULL,
	"power_w" integer NOT NULL,
	"amperage" integer NOT NULL,
	"current_type" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connectors_station_number_unique" UNIQUE("station_id","number"),
	CONSTRAINT "connectors_number_check" CHECK ("connectors"."number" >= 1),
	CONSTRAINT "connectors_socket_type_check" CHECK ("connectors"."socket_type" in ('type1', 'type2', 'ccs1', 'ccs2', 'chademo', 'gbt-ac', 'gbt-dc', 'nacs', 'schuko')),
	CONSTRAINT "connectors_current_type_check" CHECK ("connectors"."current_type" in ('AC', 'DC')),
	CONSTRAINT "connectors_status_check" CHECK ("connectors"."status" in ('available', 'preparing', 'charging', 'suspendedev', 'suspendedevse', 'finishing', 'reserved', 'unavailable', 'faulted', 'parking', 'success', 'cancelled')),
	CONSTRAINT "connectors_power_check" CHECK ("connectors"."power_w" > 0 and "connectors"."amperage" > 0)
);
--> statement-breakpoint
CREATE TABLE "liked_stations" (
	"user_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liked_stations_user_id_station_id_pk" PRIMARY KEY("user_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"alt_name" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"region" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"schedule" jsonb NOT NULL,
	"work_hours" text NOT NULL,
	"utc_offset_minutes" integer NOT NULL,
	"tariff_id" uuid NOT NULL,
	"next_tariff_id" uuid,
	"tariff_changes_at" timestamp with time zone,
	"supports_rfid" boolean DEFAULT false NOT NULL,
	"is_roaming" boolean DEFAULT false NOT NULL,
	"roaming_operator" text,
	"is_limited_access" boolean DEFAULT false NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"owner_user_id" uuid,
	"state" text DEFAULT 'works' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_code_unique" UNIQUE("code"),
	CONSTRAINT "stations_alt_name_unique" UNIQUE("alt_name"),
	CONSTRAINT "stations_country_check" CHECK ("stations"."country" in ('ru', 'kk', 'az', 'kg', 'lv', 'tj', 'uz', 'jo')),
	CONSTRAINT "stations_state_check" CHECK ("stations"."state" in ('works', 'notWorking', 'underRepair', 'openingSoon')),
	CONSTRAINT "stations_lat_check" CHECK ("stations"."lat" between -90 and 90),
	CONSTRAINT "stations_lng_check" CHECK ("stations"."lng" between -180 and 180),
	CONSTRAINT "stations_roaming_check" CHECK ("stations"."is_roaming" = ("stations"."roaming_operator" is not null)),
	CONSTRAINT "stations_owner_check" CHECK ("stations"."owner_user_id" is null or "stations"."is_private"),
	CONSTRAINT "stations_tariff_change_check" CHECK (("stations"."next_tariff_id" is null) = ("stations"."tariff_changes_at" is null))
);
--> statement-breakpoint
CREATE TABLE "tariff_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tariff_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"per_kwh_minor" bigint NOT NULL,
	"per_minute_minor" bigint NOT NULL,
	"parking_per_minute_minor" bigint NOT NULL,
	CONSTRAINT "tariff_zones_position_unique" UNIQUE("tariff_id","position"),
	CONSTRAINT "tariff_zones_from_check" CHECK ("tariff_zones"."from_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "tariff_zones_to_check" CHECK ("tariff_zones"."to_time" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
	CONSTRAINT "tariff_zones_non_negative_check" CHECK (least("tariff_zones"."per_kwh_minor", "tariff_zones"."per_minute_minor", "tariff_zones"."parking_per_minute_minor") >= 0)
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"start_fee_minor" bigint DEFAULT 0 NOT NULL,
	"first_consumption_fee_minor" bigint DEFAULT 0 NOT NULL,
	"reservation_fee_minor" bigint DEFAULT 0 NOT NULL,
	"per_minute_minor" bigint DEFAULT 0 NOT NULL,
	"per_kwh_minor" bigint DEFAULT 0 NOT NULL,
	"parking_per_minute_minor" bigint DEFAULT 0 NOT NULL,
	"free_idle_minutes" integer DEFAULT 10 NOT NULL,
	"minimal_cost_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariffs_currency_check" CHECK ("tariffs"."currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs')),
	CONSTRAINT "tariffs_non_negative_check" CHECK (least("tariffs"."start_fee_minor", "tariffs"."first_consumption_fee_minor", "tariffs"."reservation_fee_minor", "tariffs"."per_minute_minor", "tariffs"."per_kwh_minor", "tariffs"."parking_per_minute_minor", "tariffs"."minimal_cost_minor", "tariffs"."free_idle_minutes") >= 0)
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"notification_type" text DEFAULT 'Email' NOT NULL,
	"notification_contact" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_currency_check" CHECK ("companies"."currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs')),
	CONSTRAINT "companies_notification_type_check" CHECK ("companies"."notification_type" in ('Email', 'Telegram', 'SupportPhoneNumber'))
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "company_members_role_check" CHECK ("company_members"."role" in ('owner', 'member'))
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "one_time_tokens_purpose_check" CHECK ("one_time_tokens"."purpose" in ('email_confirm', 'password_reset'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"surname" text,
	"patronymic" text,
	"email" text NOT NULL,
	"phone" text,
	"is_email_confirmed" boolean DEFAULT false NOT NULL,
	"is_phone_confirmed" boolean DEFAULT false NOT NULL,
	"password_hash" text NOT NULL,
	"lang" text DEFAULT 'ru' NOT NULL,
	"account_type" text DEFAULT 'PERSONAL' NOT NULL,
	"active_company_id" uuid,
	"currency" text DEFAULT 'rub' NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"privacy_policy_version" text,
	"privacy_policy_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_lang_check" CHECK ("users"."lang" in ('ru', 'en', 'kz', 'es', 'az', 'ky', 'tg', 'uz')),
	CONSTRAINT "users_account_type_check" CHECK ("users"."account_type" in ('PERSONAL', 'CORPORATE')),
	CONSTRAINT "users_currency_check" CHECK ("users"."currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs')),
	CONSTRAINT "users_failed_login_count_check" CHECK ("users"."failed_login_count" >= 0),
	CONSTRAINT "users_corporate_company_check" CHECK ("users"."account_type" = 'PERSONAL' or "users"."active_company_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_rfid_tag_id_rfid_tags_id_fk" FOREIGN KEY ("rfid_tag_id") REFERENCES "public"."rfid_tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_loyalty_company_id_loyalty_companies_id_fk" FOREIGN KEY ("loyalty_company_id") REFERENCES "public"."loyalty_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_tags" ADD CONSTRAINT "rfid_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_card_id_payment_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."payment_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_fk" FOREIGN KEY ("account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_session_id_charging_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_balance_operation_id_balance_operations_id_fk" FOREIGN KEY ("balance_operation_id") REFERENCES "public"."balance_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_files" ADD CONSTRAINT "message_files_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liked_stations" ADD CONSTRAINT "liked_stations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liked_stations" ADD CONSTRAINT "liked_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_next_tariff_id_tariffs_id_fk" FOREIGN KEY ("next_tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_zones" ADD CONSTRAINT "tariff_zones_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_active_company_id_companies_id_fk" FOREIGN KEY ("active_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_one_active_per_connector" ON "charging_sessions" USING btree ("connector_id") WHERE status in ('preparing', 'charging', 'suspendedev', 'suspendedevse', 'finishing', 'parking');--> statement-breakpoint
CREATE INDEX "charging_sessions_user_created_idx" ON "charging_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reservations_connector_idx" ON "reservations" USING btree ("connector_id","starts_at");--> statement-breakpoint
CREATE INDEX "cars_user_idx" ON "cars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "loyalty_cards_user_idx" ON "loyalty_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_cards_number_unique" ON "loyalty_cards" USING btree ("loyalty_company_id","number");--> statement-breakpoint
CREATE INDEX "payment_cards_user_idx" ON "payment_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_token_unique" ON "payment_cards" USING btree ("acquirer","token");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_one_default" ON "payment_cards" USING btree ("user_id") WHERE "payment_cards"."is_default";--> statement-breakpoint
CREATE INDEX "rfid_tags_user_idx" ON "rfid_tags" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_tags_uid_active_unique" ON "rfid_tags" USING btree ("uid") WHERE "rfid_tags"."is_active";--> statement-breakpoint
CREATE INDEX "balance_operations_user_idx" ON "balance_operations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_operations_payment_unique" ON "balance_operations" USING btree ("acquirer_payment_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_to_idx" ON "outbox_messages" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "message_files_message_idx" ON "message_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "messages_user_created_idx" ON "messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "review_photos_review_idx" ON "review_photos" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "reviews_station_status_idx" ON "reviews" USING btree ("station_id","status");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stations_lat_lng_idx" ON "stations" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "stations_country_city_idx" ON "stations" USING btree ("country","city");--> statement-breakpoint
CREATE INDEX "stations_owner_idx" ON "stations" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_members_user_idx" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_purpose_idx" ON "one_time_tokens" USING btree ("user_id","purpose");