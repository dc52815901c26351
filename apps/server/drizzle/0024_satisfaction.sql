CREATE TABLE "rating_questions" (
	"ticket_id" bigint PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"asked_at" timestamp with time zone,
	"sms_to" text,
	"skip_reason" text,
	"repeat_told" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_questions_status_check" CHECK ("rating_questions"."status" in ('waiting', 'asked', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "ticket_ratings" (
	"ticket_id" bigint PRIMARY KEY NOT NULL,
	"score" smallint NOT NULL,
	"channel" text NOT NULL,
	"comment" text,
	"department" text NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_ratings_score" CHECK (score between 1 and 5),
	CONSTRAINT "ticket_ratings_channel_check" CHECK ("ticket_ratings"."channel" in ('sms', 'email')),
	CONSTRAINT "ticket_ratings_department_check" CHECK ("ticket_ratings"."department" in ('cc', 'rs', 'iptsp', 'oss-bss', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "rating_questions" ADD CONSTRAINT "rating_questions_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_questions_due" ON "rating_questions" USING btree ("due_at") WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX "rating_questions_sms" ON "rating_questions" USING btree ("sms_to","asked_at") WHERE status = 'asked' and sms_to is not null;--> statement-breakpoint
CREATE INDEX "ticket_ratings_rated" ON "ticket_ratings" USING btree ("rated_at");--> statement-breakpoint
CREATE INDEX "ticket_ratings_low" ON "ticket_ratings" USING btree ("ticket_id") WHERE score <= 2;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('receipt', 'reply', 'resolved', 'broadcast', 'answer', 'survey'));