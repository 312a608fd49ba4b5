CREATE INDEX "charge_events_created_at_idx" ON "charge_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "charging_samples_at_idx" ON "charging_samples" USING btree ("at");