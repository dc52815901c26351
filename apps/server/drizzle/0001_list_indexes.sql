DROP INDEX "tickets_status_created";--> statement-breakpoint
CREATE INDEX "forward_events_created" ON "forward_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_status_created" ON "tickets" USING btree ("ticket_status","created_at","issued_to","issuer_user_type","group_id","sub_group_id");