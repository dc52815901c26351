CREATE TABLE "channel_states" (
	"channel" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "channel_states_channel_check" CHECK ("channel_states"."channel" in ('sms_inbound', 'sms_delivery', 'email_inbound'))
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"external_id" text NOT NULL,
	"sender" text NOT NULL,
	"outcome" text NOT NULL,
	"ticket_id" bigint,
	"detail" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_channel_check" CHECK ("inbound_messages"."channel" in ('sms', 'email')),
	CONSTRAINT "inbound_messages_outcome_check" CHECK ("inbound_messages"."outcome" in ('comment', 'ticket', 'status', 'stop', 'start', 'rating', 'ignored', 'limited', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_external" ON "inbound_messages" USING btree ("channel","external_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_sender" ON "inbound_messages" USING btree ("channel","sender","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_received" ON "inbound_messages" USING btree ("channel","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_message_id" ON "outbox_messages" USING btree ("message_id") WHERE message_id is not null;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_source_check" CHECK ("comments"."source" in ('web', 'sms', 'email'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_delivery_check" CHECK ("outbox_messages"."delivery" in ('delivered', 'failed', 'expired'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('receipt', 'reply', 'resolved', 'broadcast', 'answer'));