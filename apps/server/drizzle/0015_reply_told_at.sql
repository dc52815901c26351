ALTER TABLE "tickets" ADD COLUMN "reply_told_at" timestamp with time zone;--> statement-breakpoint
-- The throttle of the replies told before this migration: only the last 10 minutes matter.
UPDATE "tickets" "t" SET "reply_told_at" = "m"."last"
FROM (
	SELECT "ticket_id", max("created_at") AS "last" FROM "outbox_messages"
	WHERE "kind" = 'reply' AND "ticket_id" IS NOT NULL AND "created_at" > now() - interval '10 minutes'
	GROUP BY "ticket_id"
) "m"
WHERE "t"."ticket_id" = "m"."ticket_id";
