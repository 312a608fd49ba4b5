CREATE TABLE "charge_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charge_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_points" (
	"id" text PRIMARY KEY NOT NULL,
	"station_id" uuid NOT NULL,
	"password_hash" text NOT NULL,
	"vendor" text,
	"model" text,
	"serial_number" text,
	"firmware_version" text,
	"booted_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"heartbeat_seconds" integer DEFAULT 300 NOT NULL,
	"reported_statuses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"diagnostics_status" text,
	"firmware_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_points_station_unique" UNIQUE("station_id"),
	CONSTRAINT "charge_points_id_check" CHECK ("charge_points"."id" ~ '^[A-Za-z0-9._:-]{1,48}$'),
	CONSTRAINT "charge_points_heartbeat_check" CHECK ("charge_points"."heartbeat_seconds" between 1 and 86400)
);
--> statement-breakpoint
CREATE TABLE "charging_samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"energy_wh" bigint NOT NULL,
	"power_w" integer,
	"soc_percent" integer
);
--> statement-breakpoint
ALTER TABLE "charge_events" ADD CONSTRAINT "charge_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_events" ADD CONSTRAINT "charge_events_session_id_charging_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_points" ADD CONSTRAINT "charge_points_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_samples" ADD CONSTRAINT "charging_samples_session_id_charging_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_events_user_id_idx" ON "charge_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "charging_samples_session_at_idx" ON "charging_samples" USING btree ("session_id","at");