ALTER TABLE "charging_sessions" DROP CONSTRAINT "charging_sessions_payment_method_check";--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "payer_partner_id" uuid;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "roaming_driver" jsonb;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "ocpi_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "ocpi_cdr_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roaming_partners" ADD COLUMN "account_user_id" uuid;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_payer_partner_id_roaming_partners_id_fk" FOREIGN KEY ("payer_partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_partners" ADD CONSTRAINT "roaming_partners_account_user_id_users_id_fk" FOREIGN KEY ("account_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charging_sessions_partner_updated_idx" ON "charging_sessions" USING btree ("payer_partner_id","updated_at") WHERE "charging_sessions"."payer_partner_id" is not null;--> statement-breakpoint
ALTER TABLE "roaming_partners" ADD CONSTRAINT "roaming_partners_account_user_unique" UNIQUE("account_user_id");--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_partner_payer_check" CHECK (("charging_sessions"."payment_method" = 'partner') = ("charging_sessions"."payer_partner_id" is not null) and ("charging_sessions"."payer_partner_id" is null) = ("charging_sessions"."roaming_driver" is null));--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_payment_method_check" CHECK ("charging_sessions"."payment_method" in ('balance', 'card', 'company', 'partner'));