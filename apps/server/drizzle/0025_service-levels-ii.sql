CREATE TABLE "business_calendars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "business_calendars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"week" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_calendars_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"calendar_id" integer NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "holidays_calendar_id_day_pk" PRIMARY KEY("calendar_id","day")
);
--> statement-breakpoint
CREATE TABLE "inbox_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ticket_id" bigint NOT NULL,
	"department" text,
	"score" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "inbox_items_kind_check" CHECK ("inbox_items"."kind" in ('sla.breached', 'sla.escalated', 'rating.low')),
	CONSTRAINT "inbox_items_department_check" CHECK ("inbox_items"."department" in ('cc', 'rs', 'iptsp', 'oss-bss'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "waited_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_stage" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_levels" ADD COLUMN "calendar_id" integer;--> statement-breakpoint
ALTER TABLE "service_levels" ADD COLUMN "warn_percent" smallint DEFAULT 75 NOT NULL;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_calendar_id_business_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."business_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_items_user" ON "inbox_items" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "inbox_items_unread" ON "inbox_items" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_pending" ON "jobs" USING btree ("key") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE done_at is null;--> statement-breakpoint
ALTER TABLE "service_levels" ADD CONSTRAINT "service_levels_calendar_id_business_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."business_calendars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_sla_pending" ON "tickets" USING btree ("warn_at") WHERE ticket_status <> 'closed' and sla_stage < 3 and waiting_since is null;--> statement-breakpoint
CREATE INDEX "tickets_waiting" ON "tickets" USING btree ("waiting_since") WHERE waiting_since is not null;--> statement-breakpoint
-- The due-time rule moves to ticket_clock and working time (modules/service-levels/service-levels.sql,
-- applied after the migrations); a change of levels no longer moves tickets in its own statement but
-- in the background (the sla.recompute jobs).
DROP TRIGGER IF EXISTS "service_levels_due_at_on_write" ON "service_levels";--> statement-breakpoint
DROP FUNCTION IF EXISTS "service_levels_move_due_at"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "tickets_due_at_on_write" ON "tickets";--> statement-breakpoint
DROP FUNCTION IF EXISTS "tickets_keep_due_at"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "ticket_due_at"(text, text, timestamptz, timestamptz, timestamptz);--> statement-breakpoint
INSERT INTO "business_calendars" ("name", "timezone", "week") VALUES
	('Sunday–Thursday 9–17', 'Asia/Dhaka', '[[[540,1020]],[[540,1020]],[[540,1020]],[[540,1020]],[[540,1020]],[],[]]');--> statement-breakpoint
-- Every unsolved ticket gains its warning time from the new rule, in the background after the start.
INSERT INTO "jobs" ("kind", "key", "payload")
	SELECT 'sla.recompute', 'sla.recompute:' || "department", '{}'::jsonb FROM "service_levels";
