CREATE INDEX "comments_from_ticket" ON "comments" USING btree ("from_ticket_id") WHERE from_ticket_id is not null;--> statement-breakpoint
CREATE INDEX "forward_events_from_ticket" ON "forward_events" USING btree ("from_ticket_id") WHERE from_ticket_id is not null;--> statement-breakpoint
CREATE INDEX "tickets_merged_into" ON "tickets" USING btree ("merged_into") WHERE merged_into is not null;--> statement-breakpoint
CREATE INDEX "inbound_messages_ticket" ON "inbound_messages" USING btree ("ticket_id") WHERE ticket_id is not null;--> statement-breakpoint
CREATE INDEX "inbox_items_ticket" ON "inbox_items" USING btree ("ticket_id");