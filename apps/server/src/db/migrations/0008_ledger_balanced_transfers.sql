-- The ledger service writes only balanced transfers; the database checks it again at commit, so
-- no code path (a hand-written fix, a future feature) can leave money created or destroyed.
-- Deferred: the entries of one transfer are inserted by one statement, but a check per row
-- before the transaction ends would see a half-written transfer.
CREATE OR REPLACE FUNCTION glimpse_ledger_transfer_balanced() RETURNS trigger AS $$
DECLARE
  total numeric;
BEGIN
  SELECT coalesce(sum(amount_cents), 0) INTO total FROM ledger_entries WHERE transfer_id = NEW.transfer_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transfer % does not balance (sum %)', NEW.transfer_id, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION glimpse_ledger_transfer_balanced();
--> statement-breakpoint
-- The ledger is append-only: a mistake is corrected by a new transfer (a refund, an adjustment),
-- never by editing history.
CREATE OR REPLACE FUNCTION glimpse_ledger_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION glimpse_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION glimpse_ledger_append_only();
