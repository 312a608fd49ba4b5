CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"brand" text NOT NULL,
	"visit" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	CONSTRAINT "analytics_events_name_check" CHECK ("analytics_events"."name" in ('pageView', 'stationOpened', 'chargeStarted', 'sessionEnded')),
	CONSTRAINT "analytics_events_path_check" CHECK ("analytics_events"."path" ~ '^/[A-Za-z0-9_:/-]*$' and length("analytics_events"."path") <= 80),
	CONSTRAINT "analytics_events_visit_check" CHECK ("analytics_events"."visit" ~ '^[A-Za-z0-9_-]{16,32}$'),
	CONSTRAINT "analytics_events_brand_check" CHECK ("analytics_events"."brand" ~ '^[a-z][a-z0-9-]{0,31}$')
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_staff_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "brand" text;--> statement-breakpoint
CREATE INDEX "analytics_events_at_idx" ON "analytics_events" USING btree ("at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_brand_check" CHECK ("users"."brand" ~ '^[a-z][a-z0-9-]{0,31}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK ("users"."staff_role" in ('support', 'moderator', 'analyst', 'admin'));