CREATE TABLE "ticket_links" (
	"low_ticket_id" bigint NOT NULL,
	"high_ticket_id" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_links_low_ticket_id_high_ticket_id_pk" PRIMARY KEY("low_ticket_id","high_ticket_id"),
	CONSTRAINT "ticket_links_ordered" CHECK ("ticket_links"."low_ticket_id" < "ticket_links"."high_ticket_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_presence" (
	"ticket_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_presence_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id"),
	CONSTRAINT "ticket_presence_state" CHECK ("ticket_presence"."state" in ('viewing', 'replying'))
);
--> statement-breakpoint
CREATE TABLE "ticket_tags" (
	"ticket_id" bigint NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_tags_ticket_id_tag_pk" PRIMARY KEY("ticket_id","tag")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "from_ticket_id" bigint;--> statement-breakpoint
ALTER TABLE "forward_events" ADD COLUMN "from_ticket_id" bigint;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "merged_into" bigint;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_low_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("low_ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_high_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("high_ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_presence" ADD CONSTRAINT "ticket_presence_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_presence" ADD CONSTRAINT "ticket_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_links_high" ON "ticket_links" USING btree ("high_ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_tags_tag" ON "ticket_tags" USING btree ("tag","ticket_id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_from_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("from_ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_events" ADD CONSTRAINT "forward_events_from_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("from_ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_merged_into_tickets_ticket_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;