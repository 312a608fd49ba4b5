ALTER TABLE "charging_sessions" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "exchange_rate" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "exchange_rate" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_fixed_cost_minor" bigint;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_idle_minute_cost_minor" bigint;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "exchange" jsonb;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_price_currency_check" CHECK ("charging_sessions"."price_currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs'));--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_exchange_check" CHECK (("charging_sessions"."price_currency" is null) = ("charging_sessions"."exchange_rate" is null));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_price_currency_check" CHECK ("reservations"."price_currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_exchange_check" CHECK (("reservations"."price_currency" is null) = ("reservations"."exchange_rate" is null));