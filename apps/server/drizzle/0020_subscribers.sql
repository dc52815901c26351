CREATE TABLE "areas" (
	"code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_bn" text NOT NULL,
	"group_id" uuid,
	"sub_group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"message_en" text NOT NULL,
	"message_bn" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "broadcasts_kind_check" CHECK ("broadcasts"."kind" in ('outage', 'update', 'restored')),
	CONSTRAINT "broadcasts_status_check" CHECK ("broadcasts"."status" in ('sending', 'finished', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sms_pace" (
	"id" integer PRIMARY KEY NOT NULL,
	"tokens" double precision DEFAULT 0 NOT NULL,
	"filled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"outage_shown" boolean NOT NULL,
	"incident_id" bigint,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"number" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"area_code" text NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"language" text DEFAULT 'bn' NOT NULL,
	"external_id" text,
	"opted_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscribers_status_check" CHECK ("subscribers"."status" in ('active', 'suspended')),
	CONSTRAINT "subscribers_language_check" CHECK ("subscribers"."language" in ('en', 'bn'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_status_check";--> statement-breakpoint
DROP INDEX "outbox_messages_due";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "broadcast_id" uuid;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_sub_group_id_subgroups_id_fk" FOREIGN KEY ("sub_group_id") REFERENCES "public"."subgroups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_checks" ADD CONSTRAINT "status_checks_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_area_code_areas_code_fk" FOREIGN KEY ("area_code") REFERENCES "public"."areas"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcasts_incident" ON "broadcasts" USING btree ("incident_id","created_at");--> statement-breakpoint
CREATE INDEX "broadcasts_sending" ON "broadcasts" USING btree ("created_at") WHERE status = 'sending';--> statement-breakpoint
CREATE INDEX "status_checks_at" ON "status_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "status_checks_number" ON "status_checks" USING btree ("number","checked_at");--> statement-breakpoint
CREATE INDEX "subscribers_audience" ON "subscribers" USING btree ("area_code","number") WHERE status = 'active' and opted_out_at is null;--> statement-breakpoint
CREATE INDEX "subscribers_name_trgm" ON "subscribers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscribers_number_trgm" ON "subscribers" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscribers_updated" ON "subscribers" USING btree ("updated_at","number");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_broadcast_due" ON "outbox_messages" USING btree ("due_at") WHERE status = 'pending' and broadcast_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_broadcast_recipient" ON "outbox_messages" USING btree ("broadcast_id","recipient") WHERE broadcast_id is not null;--> statement-breakpoint
CREATE INDEX "outbox_messages_due" ON "outbox_messages" USING btree ("due_at") WHERE status = 'pending' and broadcast_id is null;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('receipt', 'reply', 'resolved', 'broadcast'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('pending', 'sent', 'failed', 'cancelled'));--> statement-breakpoint
INSERT INTO "sms_pace" ("id", "tokens") VALUES (1, 0) ON CONFLICT DO NOTHING;
