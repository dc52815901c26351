DROP INDEX "tickets_due";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_activity" ON "tickets" USING btree ("updated_at","ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_priority_created" ON "tickets" USING btree ("priority","created_at");--> statement-breakpoint
CREATE INDEX "tickets_priority" ON "tickets" USING btree ((case "priority" when 'low' then 0 when 'normal' then 1 when 'high' then 2 when 'urgent' then 3 end),"ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_due_first" ON "tickets" USING btree ("due_at","ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_due_last" ON "tickets" USING btree ("due_at" DESC NULLS LAST,"ticket_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_unsolved_priority" ON "tickets" USING btree ((case "priority" when 'low' then 0 when 'normal' then 1 when 'high' then 2 when 'urgent' then 3 end),"ticket_id") WHERE ticket_status <> 'closed';--> statement-breakpoint
CREATE INDEX "tickets_unsolved_activity" ON "tickets" USING btree ("updated_at","ticket_id") WHERE ticket_status <> 'closed';--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_priority_check" CHECK ("tickets"."priority" in ('low', 'normal', 'high', 'urgent'));