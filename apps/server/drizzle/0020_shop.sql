CREATE TABLE "shop_order_items" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"quantity" integer NOT NULL,
	"price_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "shop_order_items_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "shop_order_items_item_unique" UNIQUE("order_id","item_id"),
	CONSTRAINT "shop_order_items_kind_check" CHECK ("shop_order_items"."kind" in ('rfid', 'cable', 'adapter', 'homeCharger')),
	CONSTRAINT "shop_order_items_amount_check" CHECK ("shop_order_items"."quantity" > 0 and "shop_order_items"."price_minor" > 0 and "shop_order_items"."amount_minor" = "shop_order_items"."quantity" * "shop_order_items"."price_minor")
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "shop_orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"user_id" uuid NOT NULL,
	"brand_id" text NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"delivery_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"delivery" jsonb,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "shop_orders_status_check" CHECK ("shop_orders"."status" in ('awaitingPayment', 'paid', 'failed')),
	CONSTRAINT "shop_orders_payment_method_check" CHECK ("shop_orders"."payment_method" in ('balance', 'boundCard', 'oneTimeCard')),
	CONSTRAINT "shop_orders_currency_check" CHECK ("shop_orders"."currency" in ('rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs')),
	CONSTRAINT "shop_orders_lang_check" CHECK ("shop_orders"."lang" in ('ru', 'en', 'kz', 'es', 'az', 'ky', 'tg', 'uz')),
	CONSTRAINT "shop_orders_sums_check" CHECK ("shop_orders"."subtotal_minor" > 0 and "shop_orders"."delivery_minor" >= 0 and "shop_orders"."total_minor" = "shop_orders"."subtotal_minor" + "shop_orders"."delivery_minor"),
	CONSTRAINT "shop_orders_paid_check" CHECK (("shop_orders"."status" = 'paid') = ("shop_orders"."paid_at" is not null)),
	CONSTRAINT "shop_orders_balance_paid_check" CHECK ("shop_orders"."payment_method" <> 'balance' or "shop_orders"."status" = 'paid')
);
--> statement-breakpoint
ALTER TABLE "balance_operations" DROP CONSTRAINT "balance_operations_order_type_check";--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_kind_check";--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_subject_check";--> statement-breakpoint
ALTER TABLE "balance_operations" ADD COLUMN "shop_order_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "shop_order_id" uuid;--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_orders_user_idx" ON "shop_orders" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_shop_order_id_shop_orders_id_fk" FOREIGN KEY ("shop_order_id") REFERENCES "public"."shop_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_shop_order_id_shop_orders_id_fk" FOREIGN KEY ("shop_order_id") REFERENCES "public"."shop_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_operations_one_per_shop_order" ON "balance_operations" USING btree ("shop_order_id") WHERE "balance_operations"."order_type" = 'ShopOrder';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_per_shop_order" ON "receipts" USING btree ("shop_order_id");--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_shop_order_check" CHECK (("balance_operations"."order_type" = 'ShopOrder') = ("balance_operations"."shop_order_id" is not null));--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_order_type_check" CHECK ("balance_operations"."order_type" in ('TopUpBalance', 'PayDebt', 'CardBinding', 'SessionPayment', 'Refund', 'ReservationPayment', 'ShopOrder'));--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('top_up', 'charge_payment', 'card_payment', 'reservation_payment', 'debt_payment', 'refund', 'adjustment', 'shop_payment'));--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_kind_check" CHECK ("receipts"."kind" in ('session', 'top_up', 'reservation', 'debt_payment', 'refund', 'session_adjustment', 'shop_order'));--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_subject_check" CHECK ("receipts"."session_id" is not null or "receipts"."reservation_id" is not null or "receipts"."balance_operation_id" is not null or "receipts"."shop_order_id" is not null);--> statement-breakpoint
-- hand-written
-- SPEC §2 shop: an order is paid exactly when its total is in revenue through one shop_payment
-- ledger transaction that references it, checked at commit (the sale and the status move
-- together, whichever way the order was paid).
CREATE FUNCTION "shop_order_paid_in_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sold bigint;
BEGIN
  SELECT sum(p."amount_minor") INTO sold
    FROM "ledger_transactions" t
    JOIN "ledger_postings" p ON p."transaction_id" = t."id"
    JOIN "ledger_accounts" a ON a."id" = p."account_id"
    WHERE t."kind" = 'shop_payment' AND t."reference" = NEW."id"::text AND a."kind" = 'revenue';
  IF (NEW."status" = 'paid') <> (sold IS NOT NULL AND sold = NEW."total_minor") THEN
    RAISE EXCEPTION 'shop order % is % but its sale in the ledger is %', NEW."id", NEW."status", sold
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shop_orders_paid_in_ledger"
  AFTER INSERT OR UPDATE ON "shop_orders"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "shop_order_paid_in_ledger"();
