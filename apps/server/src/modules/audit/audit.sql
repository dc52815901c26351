-- The audit trail is append-only (DESIGN.md §17). The app's own role usually owns its tables, and an
-- owner keeps UPDATE, DELETE and TRUNCATE whatever is revoked, so the refusal lives in the table
-- itself: every change but an insert raises, whoever asks (a deployment may revoke the rights too).
CREATE OR REPLACE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_log_no_update" BEFORE UPDATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_log_no_delete" BEFORE DELETE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
