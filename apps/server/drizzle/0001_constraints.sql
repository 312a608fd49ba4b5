-- Hand-written (drizzle-kit cannot express these). Invariants that live in the database
-- (DESIGN.md Data). Custom migration: `npx drizzle-kit generate --custom --name <name>`.

-- No two active reservations of one connector overlap. btree_gist lets the uuid equality
-- join the range overlap in one GiST exclusion constraint (works on PGlite and PostgreSQL).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "reservations"
  ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("connector_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" = 'active');--> statement-breakpoint

-- Double entry: at commit, the postings of every transaction touched sum to zero per currency.
CREATE FUNCTION "ledger_transaction_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
BEGIN
  SELECT "currency", sum("amount_minor") AS total INTO unbalanced
    FROM "ledger_postings"
    WHERE "transaction_id" = NEW."transaction_id"
    GROUP BY "currency"
    HAVING sum("amount_minor") <> 0
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in %: %',
      NEW."transaction_id", unbalanced."currency", unbalanced.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_postings_balanced"
  AFTER INSERT OR UPDATE ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_transaction_balanced"();--> statement-breakpoint

-- Postings are history: they are never changed or removed, only compensated.
CREATE FUNCTION "ledger_postings_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger postings cannot be changed or deleted' USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_update"
  BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION "ledger_postings_immutable"();
