CREATE TABLE "login_lockouts" (
	"login_hash" text PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"lock_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_lockouts_failed_count_check" CHECK ("login_lockouts"."failed_count" >= 0),
	CONSTRAINT "login_lockouts_lock_count_check" CHECK ("login_lockouts"."lock_count" >= 0)
);
--> statement-breakpoint
-- Accounts blocked for good by wrong passwords are free again: a lock now ends by itself.
UPDATE "users" SET "is_blocked" = false WHERE "failed_login_count" >= 5 AND "deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_failed_login_count_check";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_login_count";