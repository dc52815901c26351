CREATE TABLE "ticket_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" bigint NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"by_user_id" uuid,
	"by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_status_events_from_status_check" CHECK ("ticket_status_events"."from_status" in ('open', 'in_progress', 'closed')),
	CONSTRAINT "ticket_status_events_to_status_check" CHECK ("ticket_status_events"."to_status" in ('open', 'in_progress', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "ticket_status_events" ADD CONSTRAINT "ticket_status_events_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_status_events" ADD CONSTRAINT "ticket_status_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_status_events_ticket" ON "ticket_status_events" USING btree ("ticket_id","created_at");--> statement-breakpoint
INSERT INTO "ticket_status_events" ("ticket_id", "from_status", "to_status", "by_name", "created_at") SELECT "ticket_id", 'in_progress', 'closed', 'customer support', "resolved_at" FROM "tickets" WHERE "ticket_status" = 'closed' AND "resolved_at" IS NOT NULL;
