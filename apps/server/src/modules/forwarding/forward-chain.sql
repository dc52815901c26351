-- forward_chain_members is derived from forward_events: a ticket is in a department's chain when the
-- department received it, or forwarded it and stayed in the loop ('agent' is a holder, not a
-- department: it has no chain); each row carries the ticket's last forward. Triggers rather than the
-- forward's code keep it, so every writer of forward_events keeps it: a process of the previous
-- version during an upgrade, the demo seed, bulk loads. They rebuild the rows of the tickets a
-- statement touched from those tickets' forwards (forward_events_ticket).
CREATE OR REPLACE FUNCTION "forward_chain_members_rebuild"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "forward_chain_members" WHERE "ticket_id" IN (SELECT "ticket_id" FROM "touched");
	INSERT INTO "forward_chain_members" ("department", "ticket_id", "last_forwarded_at")
	SELECT "member"."department", "e"."ticket_id", max(max("e"."created_at")) OVER (PARTITION BY "e"."ticket_id")
	FROM "forward_events" "e"
	CROSS JOIN LATERAL (VALUES ("e"."newly_issued_to"), (CASE WHEN "e"."is_in_forward_loop" AND "e"."previously_issued_to" <> 'agent' THEN "e"."previously_issued_to" END)) AS "member" ("department")
	WHERE "member"."department" IS NOT NULL AND "e"."ticket_id" IN (SELECT "ticket_id" FROM "touched")
	GROUP BY "e"."ticket_id", "member"."department"
	-- Rows a concurrent writer of the same ticket added after the DELETE looked.
	ON CONFLICT ("ticket_id", "department") DO UPDATE SET "last_forwarded_at" = excluded."last_forwarded_at";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "forward_chain_members_on_insert" AFTER INSERT ON "forward_events" REFERENCING NEW TABLE AS "touched" FOR EACH STATEMENT EXECUTE FUNCTION "forward_chain_members_rebuild"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "forward_chain_members_on_delete" AFTER DELETE ON "forward_events" REFERENCING OLD TABLE AS "touched" FOR EACH STATEMENT EXECUTE FUNCTION "forward_chain_members_rebuild"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "forward_chain_members_on_update_from" AFTER UPDATE ON "forward_events" REFERENCING OLD TABLE AS "touched" FOR EACH STATEMENT EXECUTE FUNCTION "forward_chain_members_rebuild"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "forward_chain_members_on_update_to" AFTER UPDATE ON "forward_events" REFERENCING NEW TABLE AS "touched" FOR EACH STATEMENT EXECUTE FUNCTION "forward_chain_members_rebuild"();
