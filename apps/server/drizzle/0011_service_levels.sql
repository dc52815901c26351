CREATE TABLE "service_levels" (
	"department" text PRIMARY KEY NOT NULL,
	"first_reply_hours" integer NOT NULL,
	"resolve_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_levels_department_check" CHECK ("service_levels"."department" in ('cc', 'rs', 'iptsp', 'oss-bss')),
	CONSTRAINT "service_levels_first_reply_hours_range" CHECK ("service_levels"."first_reply_hours" between 1 and 720),
	CONSTRAINT "service_levels_resolve_hours_range" CHECK ("service_levels"."resolve_hours" between 1 and 720)
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_staff_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_due" ON "tickets" USING btree ("due_at") WHERE due_at is not null;--> statement-breakpoint
CREATE INDEX "tickets_resolved" ON "tickets" USING btree ("resolved_at") WHERE resolved_at is not null;--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Written by hand (keep at the end when this migration is renumbered): the default levels, the
-- due time of a ticket and the triggers that keep it, and the backfill of the tickets before it.
-- ---------------------------------------------------------------------------------------------
INSERT INTO "service_levels" ("department", "first_reply_hours", "resolve_hours")
VALUES ('cc', 4, 48), ('rs', 4, 48), ('iptsp', 4, 48), ('oss-bss', 4, 48);--> statement-breakpoint
-- When a ticket is due by its holder's levels (docs/decisions.md, "Service levels and the dashboard"):
-- null when solved or held by a holder without levels (an agent); from a reopen, the resolve level
-- again from the reopen; before the first staff reply, the first-reply level (or the resolve level
-- when shorter) from the creation; after it, the resolve level from the creation.
CREATE FUNCTION "ticket_due_at"("holder" text, "status" text, "created" timestamptz, "first_staff_reply" timestamptz, "reopened" timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
	SELECT CASE
		WHEN "status" = 'closed' THEN NULL
		WHEN "reopened" IS NOT NULL THEN "reopened" + make_interval(hours => "l"."resolve_hours")
		WHEN "first_staff_reply" IS NULL THEN "created" + make_interval(hours => least("l"."first_reply_hours", "l"."resolve_hours"))
		ELSE "created" + make_interval(hours => "l"."resolve_hours")
	END
	FROM (SELECT 1) AS "one" LEFT JOIN "service_levels" "l" ON "l"."department" = "holder"
$$;--> statement-breakpoint
-- tickets.due_at is stored so that the Overdue filter is a range of tickets_due. Triggers rather
-- than the app keep it, so every writer does: a forward, a resolve, a reopen, the seed, bulk loads,
-- a process of the previous version during an upgrade.
CREATE FUNCTION "tickets_keep_due_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."due_at" := "ticket_due_at"(NEW."issued_to", NEW."ticket_status", NEW."created_at", NEW."first_staff_reply_at", NEW."reopened_at");
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_due_at_on_write" BEFORE INSERT OR UPDATE OF "issued_to", "ticket_status", "created_at", "first_staff_reply_at", "reopened_at" ON "tickets" FOR EACH ROW EXECUTE FUNCTION "tickets_keep_due_at"();--> statement-breakpoint
-- A change of a department's levels moves the due time of every ticket it holds and has not solved
-- (tickets_issued_to_created finds them).
CREATE FUNCTION "service_levels_move_due_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "tickets" SET "due_at" = "ticket_due_at"("issued_to", "ticket_status", "created_at", "first_staff_reply_at", "reopened_at")
	WHERE "issued_to" = NEW."department" AND "ticket_status" <> 'closed';
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "service_levels_due_at_on_write" AFTER INSERT OR UPDATE OF "first_reply_hours", "resolve_hours" ON "service_levels" FOR EACH ROW EXECUTE FUNCTION "service_levels_move_due_at"();--> statement-breakpoint
-- The first external comment by staff other than the issuer, whoever writes it (a comment or a
-- ticket without a user, as the seed and bulk loads write them, is nobody's own). Internal notes and
-- comments by agents and customers never call the function (the WHEN clause).
CREATE FUNCTION "comments_mark_first_staff_reply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "tickets" SET "first_staff_reply_at" = NEW."created_at"
	WHERE "ticket_id" = NEW."ticket_id" AND "first_staff_reply_at" IS NULL AND ("issuer_user_id" = NEW."commenter_user_id") IS NOT TRUE;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "comments_first_staff_reply_on_insert" AFTER INSERT ON "comments" FOR EACH ROW
WHEN (NOT NEW."is_internal" AND NEW."commenter_user_type" NOT IN ('agent', 'customer'))
EXECUTE FUNCTION "comments_mark_first_staff_reply"();--> statement-breakpoint
-- The tickets before this migration: first staff replies from their comments, reopens from their
-- status events (0007), then every unsolved ticket's due time. The triggers exist already, so no
-- write falls between the backfill and them.
UPDATE "tickets" "t" SET "first_staff_reply_at" = "r"."first"
FROM (
	SELECT "c"."ticket_id", min("c"."created_at") AS "first"
	FROM "comments" "c" JOIN "tickets" "owner" ON "owner"."ticket_id" = "c"."ticket_id"
	WHERE NOT "c"."is_internal" AND "c"."commenter_user_type" NOT IN ('agent', 'customer')
		AND ("c"."commenter_user_id" = "owner"."issuer_user_id") IS NOT TRUE
	GROUP BY "c"."ticket_id"
) AS "r"
WHERE "t"."ticket_id" = "r"."ticket_id";--> statement-breakpoint
UPDATE "tickets" "t" SET "reopened_at" = "r"."last"
FROM (
	SELECT "ticket_id", max("created_at") AS "last" FROM "ticket_status_events"
	WHERE "from_status" = 'closed' AND "to_status" <> 'closed' GROUP BY "ticket_id"
) AS "r"
WHERE "t"."ticket_id" = "r"."ticket_id";--> statement-breakpoint
UPDATE "tickets" SET "due_at" = "ticket_due_at"("issued_to", "ticket_status", "created_at", "first_staff_reply_at", "reopened_at")
WHERE "ticket_status" <> 'closed';
