CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body_en" text NOT NULL,
	"body_bn" text NOT NULL,
	"department" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canned_replies_department_check" CHECK ("canned_replies"."department" in ('cc', 'rs', 'iptsp', 'oss-bss'))
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "assignee_user_id" uuid;--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canned_replies_department_title" ON "canned_replies" USING btree ("department","title");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_message_trgm" ON "comments" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_assignee_created" ON "tickets" USING btree ("assignee_user_id","created_at") WHERE assignee_user_id is not null;--> statement-breakpoint
CREATE INDEX "tickets_title_trgm" ON "tickets" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_description_trgm" ON "tickets" USING gin ("description" gin_trgm_ops);