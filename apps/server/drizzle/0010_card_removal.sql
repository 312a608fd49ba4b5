ALTER TABLE "balance_operations" DROP CONSTRAINT "balance_operations_card_id_payment_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "balance_operations" ADD CONSTRAINT "balance_operations_card_id_payment_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."payment_cards"("id") ON DELETE set null ON UPDATE no action;