-- When a ticket is due by its holder's levels (docs/decisions.md, "Service levels and the dashboard"):
-- null when solved or held by a holder without levels (an agent); from a reopen, the resolve level
-- again from the reopen; before the first staff reply, the first-reply level (or the resolve level
-- when shorter) from the creation; after it, the resolve level from the creation.
CREATE OR REPLACE FUNCTION "ticket_due_at"("holder" text, "status" text, "created" timestamptz, "first_staff_reply" timestamptz, "reopened" timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
	SELECT CASE
		WHEN "status" = 'closed' THEN NULL
		WHEN "reopened" IS NOT NULL THEN "reopened" + make_interval(hours => "l"."resolve_hours")
		WHEN "first_staff_reply" IS NULL THEN "created" + make_interval(hours => least("l"."first_reply_hours", "l"."resolve_hours"))
		ELSE "created" + make_interval(hours => "l"."resolve_hours")
	END
	FROM (SELECT 1) AS "one" LEFT JOIN "service_levels" "l" ON "l"."department" = "holder"
$$;
--> statement-breakpoint
-- tickets.due_at is stored so that the Overdue filter is a range of an index (tickets_due_first). Triggers rather
-- than the app keep it, so every writer does: a forward, a resolve, a reopen, the seed, bulk loads,
-- a process of the previous version during an upgrade.
CREATE OR REPLACE FUNCTION "tickets_keep_due_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."due_at" := "ticket_due_at"(NEW."issued_to", NEW."ticket_status", NEW."created_at", NEW."first_staff_reply_at", NEW."reopened_at");
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "tickets_due_at_on_write" BEFORE INSERT OR UPDATE OF "issued_to", "ticket_status", "created_at", "first_staff_reply_at", "reopened_at" ON "tickets" FOR EACH ROW EXECUTE FUNCTION "tickets_keep_due_at"();
--> statement-breakpoint
-- A change of a department's levels moves the due time of every ticket it holds and has not solved
-- (tickets_issued_to_created finds them).
CREATE OR REPLACE FUNCTION "service_levels_move_due_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "tickets" SET "due_at" = "ticket_due_at"("issued_to", "ticket_status", "created_at", "first_staff_reply_at", "reopened_at")
	WHERE "issued_to" = NEW."department" AND "ticket_status" <> 'closed';
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "service_levels_due_at_on_write" AFTER INSERT OR UPDATE OF "first_reply_hours", "resolve_hours" ON "service_levels" FOR EACH ROW EXECUTE FUNCTION "service_levels_move_due_at"();
