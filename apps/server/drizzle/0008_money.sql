CREATE TABLE "sandbox_acquirer_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"behaviour" text NOT NULL,
	"brand" text NOT NULL,
	"bank" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"unbound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_acquirer_cards_last4_check" CHECK ("sandbox_acquirer_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_acquirer_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"card_token" text,
	"save_card" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"captured_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"parent_id" text,
	"return_url" text,
	"callback_url" text,
	"challenge_token" text,
	"challenge_tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_acquirer_payments_kind_check" CHECK ("sandbox_acquirer_payments"."kind" in ('bind', 'pay', 'hold', 'refund')),
	CONSTRAINT "sandbox_acquirer_payments_status_check" CHECK ("sandbox_acquirer_payments"."status" in ('pending', 'held', 'succeeded', 'failed', 'released')),
	CONSTRAINT "sandbox_acquirer_payments_currency_check" CHECK ("sandbox_acquirer_payments"."currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs')),
	CONSTRAINT "sandbox_acquirer_payments_amount_check" CHECK ("sandbox_acquirer_payments"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "balance_operations" DROP CONSTRAINT "balance_operations_amount_check";--> statement-breakpoint
ALTER TABLE "balance_operations" DROP CONSTRAINT "balance_operations_order_type_check";--> statement-breakpoint
ALTER TABLE "balance_operations" DROP CONSTRAINT "balance_operations_status_check";--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_subject_check";--> statement-breakpoint
DROP INDEX "balance_operations_payment_unique";--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "payment_method" text DEFAULT 'balance' NOT NULL;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "funds_cap_minor" bigint;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD COLUMN "acquirer" text;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD COLUMN "idempotency_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD COLUMN "refund_of_id" uuid;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD COLUMN "captured_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "kind" text NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "reservation_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "vat_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "seller" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "payment" jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_acquirer_payments_key_unique" ON "sandbox_acquirer_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_acquirer_payments_parent_idx" ON "sandbox_acquirer_payments" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_session_id_charging_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_refund_of_fk" FOREIGN KEY ("refund_of_id") REFERENCES "public"."balance_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_operations_idempotency_unique" ON "balance_operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_operations_one_per_session" ON "balance_operations" USING btree ("session_id") WHERE "balance_operations"."order_type" = 'SessionPayment';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_per_session" ON "receipts" USING btree ("session_id") WHERE "receipts"."kind" = 'session';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_per_reservation" ON "receipts" USING btree ("reservation_id") WHERE "receipts"."kind" = 'reservation';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_per_operation" ON "receipts" USING btree ("balance_operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_operations_payment_unique" ON "balance_operations" USING btree ("acquirer","acquirer_payment_id");--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_payment_method_check" CHECK ("charging_sessions"."payment_method" in ('balance', 'card', 'company'));--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_money_check" CHECK ("balance_operations"."captured_minor" >= 0 and "balance_operations"."refunded_minor" >= 0 and "balance_operations"."refunded_minor" <= greatest("balance_operations"."captured_minor", "balance_operations"."amount_minor"));--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_amount_check" CHECK ("balance_operations"."amount_minor" > 0 or ("balance_operations"."order_type" = 'CardBinding' and "balance_operations"."amount_minor" = 0));--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_order_type_check" CHECK ("balance_operations"."order_type" in ('TopUpBalance', 'PayDebt', 'CardBinding', 'SessionPayment', 'Refund'));--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_status_check" CHECK ("balance_operations"."status" in ('pending', 'held', 'succeeded', 'failed', 'released'));--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('top_up', 'charge_payment', 'card_payment', 'debt_payment', 'refund', 'adjustment'));--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_kind_check" CHECK ("receipts"."kind" in ('session', 'top_up', 'reservation', 'debt_payment', 'refund'));--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_amount_check" CHECK ("receipts"."amount_minor" >= 0 and "receipts"."vat_minor" >= 0);--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_subject_check" CHECK ("receipts"."session_id" is not null or "receipts"."reservation_id" is not null or "receipts"."balance_operation_id" is not null);