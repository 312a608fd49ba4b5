ALTER TABLE "reservations" DROP CONSTRAINT "reservations_status_check";--> statement-breakpoint
ALTER TABLE "balance_operations" DROP CONSTRAINT "balance_operations_order_type_check";--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "tariffs" DROP CONSTRAINT "tariffs_non_negative_check";--> statement-breakpoint
DROP INDEX "reservations_user_idx";--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "status" SET DEFAULT 'scheduled';--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "ocpp_id" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "reservations_ocpp_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "mode" text DEFAULT 'quick' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "id_tag" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_method" text DEFAULT 'balance' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payer_company_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "begun_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "fail_reason" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cost_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD COLUMN "reservation_id" uuid;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "supports_period_reservation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tariffs" ADD COLUMN "reservation_per_minute_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_payer_company_id_companies_id_fk" FOREIGN KEY ("payer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_open_idx" ON "reservations" USING btree ("status","starts_at") WHERE "reservations"."status" in ('scheduled', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "balance_operations_one_per_reservation" ON "balance_operations" USING btree ("reservation_id") WHERE "balance_operations"."order_type" = 'ReservationPayment';--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_ocpp_id_unique" UNIQUE("ocpp_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_mode_check" CHECK ("reservations"."mode" in ('quick', 'period'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_payment_method_check" CHECK ("reservations"."payment_method" in ('balance', 'card', 'company'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_payer_check" CHECK (("reservations"."payment_method" = 'company') = ("reservations"."payer_company_id" is not null));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('scheduled', 'active', 'completed', 'cancelled', 'expired', 'failed'));--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_order_type_check" CHECK ("balance_operations"."order_type" in ('TopUpBalance', 'PayDebt', 'CardBinding', 'SessionPayment', 'Refund', 'ReservationPayment'));--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('top_up', 'charge_payment', 'card_payment', 'reservation_payment', 'debt_payment', 'refund', 'adjustment'));--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_non_negative_check" CHECK (least("tariffs"."start_fee_minor", "tariffs"."first_consumption_fee_minor", "tariffs"."reservation_fee_minor", "tariffs"."reservation_per_minute_minor", "tariffs"."per_minute_minor", "tariffs"."per_kwh_minor", "tariffs"."parking_per_minute_minor", "tariffs"."minimal_cost_minor", "tariffs"."free_idle_minutes") >= 0);--> statement-breakpoint
-- Rows made before these columns took the defaults above; new rows always say them.
ALTER TABLE "reservations" ALTER COLUMN "mode" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "id_tag" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "payment_method" DROP DEFAULT;--> statement-breakpoint
-- No two reservations that hold (or will hold) one connector overlap (DESIGN.md Data): a
-- chosen period waiting to begin holds its time as much as one the charge point holds now.
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_no_overlap";--> statement-breakpoint
ALTER TABLE "reservations"
  ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("connector_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" in ('scheduled', 'active'));
