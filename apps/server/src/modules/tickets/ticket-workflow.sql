-- A staff reply (ticket-workflow.ts, isStaffReply, says the same; the staff-reply test proves it):
-- an external comment by staff, neither an agent nor a customer, other than the ticket's issuer. A
-- comment or a ticket without a user, as the seed and bulk loads write them, is nobody's own.
CREATE OR REPLACE FUNCTION "is_staff_reply"("author_type" text, "internal" boolean, "author" uuid, "issuer" uuid)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
	SELECT NOT "internal" AND "author_type" NOT IN ('agent', 'customer') AND ("author" = "issuer") IS NOT TRUE
$$;
--> statement-breakpoint
-- The end of a wait for the customer (DESIGN.md §26; ticket-workflow.ts, waitAfterComment): the
-- working seconds the ticket waited before, plus this wait's, from `since` until now in the working
-- time of its holder's calendar (service_levels.calendar_id; none, or a holder without levels, is
-- the wall clock). The due time then moves by the wait (ticket_clock, service-levels.sql). plpgsql,
-- so that it may name working_seconds before service-levels.sql has created it.
CREATE OR REPLACE FUNCTION "waited_seconds_after_wait"("holder" text, "since" timestamptz, "waited" integer)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
	IF "since" IS NULL THEN RETURN "waited"; END IF;
	RETURN least(2147483647, "waited" + "working_seconds"(
		(SELECT "l"."calendar_id" FROM "service_levels" "l" WHERE "l"."department" = "holder"), "since", now()));
END
$$;
--> statement-breakpoint
-- The first staff reply on a ticket stops its first-reply clock (tickets.first_staff_reply_at, read by
-- the due time of service-levels.sql), whoever writes the comment.
CREATE OR REPLACE FUNCTION "comments_mark_first_staff_reply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "tickets" SET "first_staff_reply_at" = NEW."created_at"
	WHERE "ticket_id" = NEW."ticket_id" AND "first_staff_reply_at" IS NULL
		AND "is_staff_reply"(NEW."commenter_user_type", NEW."is_internal", NEW."commenter_user_id", "issuer_user_id");
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Internal notes and comments by agents and customers never call the function: a reply by nobody's
-- issuer (null) is a staff reply exactly when its author's type and flag make one.
CREATE OR REPLACE TRIGGER "comments_first_staff_reply_on_insert" AFTER INSERT ON "comments" FOR EACH ROW
WHEN ("is_staff_reply"(NEW."commenter_user_type", NEW."is_internal", NEW."commenter_user_id", NULL))
EXECUTE FUNCTION "comments_mark_first_staff_reply"();
