-- Working time (DESIGN.md §26). A calendar's week is seven days (0 Sunday) of [start, end) minutes
-- in its time zone; a holiday is a day off whatever its weekday; no calendar (null) is "Always", the
-- wall clock. working_add: the moment at which `seconds` of working time have passed since `start`
-- (start itself when it is working time and seconds is 0). Null when the calendar has no working
-- time in ten years.
CREATE OR REPLACE FUNCTION "working_add"("calendar" integer, "start" timestamptz, "seconds" bigint)
RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
	"zone" text;
	"days" jsonb;
	"off" date[];
	"d" date;
	"left" bigint := greatest("seconds", 0);
	"span" jsonb;
	"from_at" timestamptz;
	"to_at" timestamptz;
	"length" bigint;
BEGIN
	IF "calendar" IS NULL THEN RETURN "start" + make_interval(secs => "left"); END IF;
	SELECT "c"."timezone", "c"."week" INTO "zone", "days" FROM "business_calendars" "c" WHERE "c"."id" = "calendar";
	IF NOT FOUND THEN RETURN "start" + make_interval(secs => "left"); END IF;
	"d" := ("start" AT TIME ZONE "zone")::date;
	SELECT coalesce(array_agg("h"."day"), '{}') INTO "off" FROM "holidays" "h"
		WHERE "h"."calendar_id" = "calendar" AND "h"."day" >= "d";
	FOR "step" IN 0..3660 LOOP
		IF NOT ("d" = ANY ("off")) THEN
			FOR "span" IN SELECT * FROM jsonb_array_elements("days" -> extract(dow FROM "d")::int) LOOP
				"from_at" := greatest("start", ("d" + make_interval(mins => ("span" ->> 0)::int)) AT TIME ZONE "zone");
				"to_at" := ("d" + make_interval(mins => ("span" ->> 1)::int)) AT TIME ZONE "zone";
				IF "to_at" > "from_at" THEN
					"length" := extract(epoch FROM "to_at" - "from_at")::bigint;
					IF "length" >= "left" THEN RETURN "from_at" + make_interval(secs => "left"); END IF;
					"left" := "left" - "length";
				END IF;
			END LOOP;
		END IF;
		"d" := "d" + 1;
	END LOOP;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The working seconds of the calendar from `from_at` to `until` (a wait's length, DESIGN.md §26).
CREATE OR REPLACE FUNCTION "working_seconds"("calendar" integer, "from_at" timestamptz, "until" timestamptz)
RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
	"zone" text;
	"days" jsonb;
	"off" date[];
	"d" date;
	"total" bigint := 0;
	"span" jsonb;
	"a" timestamptz;
	"b" timestamptz;
BEGIN
	IF "until" <= "from_at" THEN RETURN 0; END IF;
	IF "calendar" IS NULL THEN RETURN extract(epoch FROM "until" - "from_at")::bigint; END IF;
	SELECT "c"."timezone", "c"."week" INTO "zone", "days" FROM "business_calendars" "c" WHERE "c"."id" = "calendar";
	IF NOT FOUND THEN RETURN extract(epoch FROM "until" - "from_at")::bigint; END IF;
	"d" := ("from_at" AT TIME ZONE "zone")::date;
	SELECT coalesce(array_agg("h"."day"), '{}') INTO "off" FROM "holidays" "h"
		WHERE "h"."calendar_id" = "calendar" AND "h"."day" BETWEEN "d" AND ("until" AT TIME ZONE "zone")::date;
	WHILE "d" <= ("until" AT TIME ZONE "zone")::date LOOP
		IF NOT ("d" = ANY ("off")) THEN
			FOR "span" IN SELECT * FROM jsonb_array_elements("days" -> extract(dow FROM "d")::int) LOOP
				"a" := greatest("from_at", ("d" + make_interval(mins => ("span" ->> 0)::int)) AT TIME ZONE "zone");
				"b" := least("until", ("d" + make_interval(mins => ("span" ->> 1)::int)) AT TIME ZONE "zone");
				IF "b" > "a" THEN "total" := "total" + extract(epoch FROM "b" - "a")::bigint; END IF;
			END LOOP;
		END IF;
		"d" := "d" + 1;
	END LOOP;
	RETURN "total";
END
$$;
--> statement-breakpoint
-- When a ticket is due, and due soon, by its holder's levels (docs/decisions.md, "Service levels and
-- the dashboard", "Working calendars"): none when solved, waiting for the customer, or held by a
-- holder without levels (an agent). The clock runs from the last reopen with the resolve level, else
-- from the creation with the first-reply level (or the resolve level when shorter) until the first
-- staff reply and the resolve level after it; in the calendar's working time; plus the working time
-- the ticket waited for its customer. Due soon at the level's warn_percent.
CREATE OR REPLACE FUNCTION "ticket_clock"("holder" text, "status" text, "created" timestamptz, "first_staff_reply" timestamptz,
	"reopened" timestamptz, "waiting_since" timestamptz, "waited_seconds" integer, OUT "due_at" timestamptz, OUT "warn_at" timestamptz)
LANGUAGE plpgsql STABLE AS $$
DECLARE
	"l" record;
	"start" timestamptz := coalesce("reopened", "created");
	"level" bigint;
BEGIN
	IF "status" = 'closed' OR "waiting_since" IS NOT NULL THEN RETURN; END IF;
	SELECT * INTO "l" FROM "service_levels" WHERE "department" = "holder";
	IF NOT FOUND THEN RETURN; END IF;
	"level" := 3600 * CASE
		WHEN "reopened" IS NULL AND "first_staff_reply" IS NULL THEN least("l"."first_reply_hours", "l"."resolve_hours")
		ELSE "l"."resolve_hours"
	END;
	"due_at" := "working_add"("l"."calendar_id", "start", "level" + "waited_seconds");
	"warn_at" := "working_add"("l"."calendar_id", "start", "level" * "l"."warn_percent" / 100 + "waited_seconds");
END
$$;
--> statement-breakpoint
-- tickets.due_at and warn_at are stored so that the Overdue and Due soon filters and the warnings'
-- scan are ranges of indexes. Triggers rather than the app keep them, so every writer does: a
-- forward, a resolve, a reopen, a wait, the seed, bulk loads. A new clock (another holder, a reopen,
-- the first staff reply, the end of a wait) starts the warnings again; a reopen forgets the waits
-- before it; a solved ticket waits for nobody.
CREATE OR REPLACE FUNCTION "tickets_keep_due_at"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"clock" record;
BEGIN
	IF NEW."ticket_status" = 'closed' THEN NEW."waiting_since" := NULL; END IF;
	IF TG_OP = 'UPDATE' THEN
		IF NEW."reopened_at" IS DISTINCT FROM OLD."reopened_at" THEN
			NEW."waited_seconds" := 0;
			NEW."waiting_since" := NULL;
		END IF;
		IF NEW."issued_to" IS DISTINCT FROM OLD."issued_to" OR NEW."reopened_at" IS DISTINCT FROM OLD."reopened_at"
			OR NEW."first_staff_reply_at" IS DISTINCT FROM OLD."first_staff_reply_at" OR NEW."waited_seconds" <> OLD."waited_seconds" THEN
			NEW."sla_stage" := 0;
		END IF;
	END IF;
	"clock" := "ticket_clock"(NEW."issued_to", NEW."ticket_status", NEW."created_at", NEW."first_staff_reply_at",
		NEW."reopened_at", NEW."waiting_since", NEW."waited_seconds");
	NEW."due_at" := "clock"."due_at";
	NEW."warn_at" := "clock"."warn_at";
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "tickets_due_at_on_write" BEFORE INSERT OR UPDATE OF "issued_to", "ticket_status", "created_at",
	"first_staff_reply_at", "reopened_at", "waiting_since", "waited_seconds" ON "tickets" FOR EACH ROW EXECUTE FUNCTION "tickets_keep_due_at"();
