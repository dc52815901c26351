CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_used" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" bigint NOT NULL,
	"commenter_user_id" uuid,
	"commenter_name" text NOT NULL,
	"commenter_user_type" text NOT NULL,
	"message" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forward_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" bigint NOT NULL,
	"previously_issued_to" text NOT NULL,
	"newly_issued_to" text NOT NULL,
	"forward_cause" text NOT NULL,
	"is_in_forward_loop" boolean DEFAULT false NOT NULL,
	"forwarded_by" uuid,
	"forwarded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "subgroups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"sub_group_bn" text NOT NULL,
	"sub_group_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"ticket_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_ticket_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"title" text NOT NULL,
	"description" text NOT NULL,
	"problematic_number" text NOT NULL,
	"issued_to" text DEFAULT 'cc' NOT NULL,
	"issuer_user_id" uuid,
	"issuer_number" text,
	"issuer_user_type" text NOT NULL,
	"ticket_status" text DEFAULT 'open' NOT NULL,
	"group_id" uuid,
	"group_name" text NOT NULL,
	"sub_group_id" uuid,
	"sub_group_name" text,
	"client_email" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"uploader_user_id" uuid,
	"is_public" boolean DEFAULT false NOT NULL,
	"content_type" text,
	"size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stored_at" timestamp with time zone,
	"used_by" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"product_number" text NOT NULL,
	"phone_number" text,
	"user_type" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_commenter_user_id_users_id_fk" FOREIGN KEY ("commenter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_events" ADD CONSTRAINT "forward_events_ticket_id_tickets_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_events" ADD CONSTRAINT "forward_events_forwarded_by_users_id_fk" FOREIGN KEY ("forwarded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subgroups" ADD CONSTRAINT "subgroups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_issuer_user_id_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_sub_group_id_subgroups_id_fk" FOREIGN KEY ("sub_group_id") REFERENCES "public"."subgroups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploader_user_id_users_id_fk" FOREIGN KEY ("uploader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "comments_ticket_created" ON "comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "forward_events_ticket" ON "forward_events" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "forward_events_recipient" ON "forward_events" USING btree ("newly_issued_to","ticket_id");--> statement-breakpoint
CREATE INDEX "forward_events_forwarder_loop" ON "forward_events" USING btree ("previously_issued_to","ticket_id") WHERE is_in_forward_loop;--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_live" ON "groups" USING btree (lower("group_name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "otp_codes_number_created" ON "otp_codes" USING btree ("product_number","created_at");--> statement-breakpoint
CREATE INDEX "subgroups_group" ON "subgroups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "tickets_created" ON "tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_status_created" ON "tickets" USING btree ("ticket_status","created_at");--> statement-breakpoint
CREATE INDEX "tickets_issued_to_created" ON "tickets" USING btree ("issued_to","created_at");--> statement-breakpoint
CREATE INDEX "tickets_issuer_type_created" ON "tickets" USING btree ("issuer_user_type","created_at");--> statement-breakpoint
CREATE INDEX "tickets_group_created" ON "tickets" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_subgroup_created" ON "tickets" USING btree ("sub_group_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_problematic_number" ON "tickets" USING btree ("problematic_number","created_at");--> statement-breakpoint
CREATE INDEX "tickets_issuer_created" ON "tickets" USING btree ("issuer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_unused_created" ON "uploads" USING btree ("created_at") WHERE used_by is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_product_number_live" ON "users" USING btree ("product_number") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_user_type" ON "users" USING btree ("user_type");