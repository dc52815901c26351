-- What a word is, for the tickets, the help articles and a searched text alike: lower case, split at
-- spaces and the punctuation that clings to words (the Bangla danda too), each word once, at most 64
-- characters (a term is a key of a unique index). `%`, `_`, `\` and `-` stay in words, so a search
-- takes them as themselves.
CREATE OR REPLACE FUNCTION "words_of"("words" text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT DISTINCT left("word", 64)
	FROM regexp_split_to_table(lower("words"), '[][[:space:].,;:!?(){}<>"''`*#~^=+|/“”‘’…।॥]+') AS "word"
	WHERE "word" <> ''
$$;
--> statement-breakpoint
-- Adds the words of texts to ticket_words: the i-th text is ticket_ids[i]'s, public or not (an
-- internal note's words are not). New terms are added first, only those missing, so that the
-- identity is not spent on conflicts. A word already known for the ticket is left as it is, without
-- a lock; the rows go in key order, so two writers of one ticket never wait for each other in turn.
CREATE OR REPLACE FUNCTION "ticket_words_add"("ticket_ids" bigint[], "texts" text[], "publics" boolean[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "ticket_terms" ("term")
	SELECT DISTINCT "w"."word"
	FROM unnest("ticket_ids", "texts", "publics") AS "x" ("ticket_id", "text", "public")
	CROSS JOIN LATERAL words_of("x"."text") AS "w" ("word")
	WHERE NOT EXISTS (SELECT 1 FROM "ticket_terms" "t" WHERE "t"."term" = "w"."word")
	ON CONFLICT ("term") DO NOTHING;
	INSERT INTO "ticket_words" ("ticket_id", "term_id", "public", "created_at")
	SELECT DISTINCT "x"."ticket_id", "t"."id", "x"."public", "k"."created_at"
	FROM unnest("ticket_ids", "texts", "publics") AS "x" ("ticket_id", "text", "public")
	JOIN "tickets" "k" ON "k"."ticket_id" = "x"."ticket_id"
	CROSS JOIN LATERAL words_of("x"."text") AS "w" ("word")
	JOIN "ticket_terms" "t" ON "t"."term" = "w"."word"
	ORDER BY 1, 2, 3
	ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
-- Adds every word of the tickets: the title and the description, and each comment's.
CREATE OR REPLACE FUNCTION "ticket_words_add_tickets"("ids" bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	"ticket_ids" bigint[];
	"texts" text[];
	"publics" boolean[];
BEGIN
	SELECT array_agg("x"."ticket_id"), array_agg("x"."text"), array_agg("x"."public")
	INTO "ticket_ids", "texts", "publics"
	FROM (
		SELECT "t"."ticket_id", "t"."title" || ' ' || "t"."description" AS "text", true AS "public"
		FROM "tickets" "t" WHERE "t"."ticket_id" = ANY ("ids")
		UNION ALL
		SELECT "c"."ticket_id", "c"."message", NOT "c"."is_internal"
		FROM "comments" "c" WHERE "c"."ticket_id" = ANY ("ids")
	) AS "x";
	PERFORM ticket_words_add("ticket_ids", "texts", "publics");
END
$$;
--> statement-breakpoint
-- The tickets' words anew, after a change to what was written (an edit, an erasure, a merge) or to
-- when the ticket was created (the order a search reads them in).
CREATE OR REPLACE FUNCTION "ticket_words_rebuild"("ids" bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "ticket_words" WHERE "ticket_id" = ANY ("ids");
	PERFORM ticket_words_add_tickets("ids");
END
$$;
--> statement-breakpoint
-- A term that no ticket has any more leaves the dictionary, whoever removed its last ticket word (a
-- rebuild after an erasure, retention): the words of an erased comment are not kept there either.
CREATE OR REPLACE FUNCTION "ticket_terms_prune"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "ticket_terms" "t"
	WHERE "t"."id" IN (SELECT DISTINCT "term_id" FROM "removed")
		AND NOT EXISTS (SELECT 1 FROM "ticket_words" "w" WHERE "w"."term_id" = "t"."id");
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- ticket_words is derived from tickets and comments, as forward_chain_members is from
-- forward_events, so every writer keeps it. A new ticket's title and description, and each new
-- comment, add their words; a changed title, description or creation time, and a comment whose text, ticket or
-- internal mark changed, rebuild their tickets' words. Comments are removed only with their ticket
-- (retention), whose words go with it (on delete cascade).
CREATE OR REPLACE FUNCTION "ticket_words_of_new_tickets"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"ticket_ids" bigint[];
	"texts" text[];
BEGIN
	SELECT array_agg("ticket_id"), array_agg("title" || ' ' || "description") INTO "ticket_ids", "texts" FROM "added";
	PERFORM ticket_words_add("ticket_ids", "texts", array_fill(true, ARRAY[cardinality("ticket_ids")]));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ticket_words_of_new_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"ticket_ids" bigint[];
	"texts" text[];
	"publics" boolean[];
BEGIN
	SELECT array_agg("ticket_id"), array_agg("message"), array_agg(NOT "is_internal") INTO "ticket_ids", "texts", "publics" FROM "added";
	PERFORM ticket_words_add("ticket_ids", "texts", "publics");
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ticket_words_of_changed_ticket"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM ticket_words_rebuild(ARRAY[NEW."ticket_id"]);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ticket_words_of_changed_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM ticket_words_rebuild(array(
		SELECT DISTINCT "ticket" FROM "old_comments" "b" JOIN "new_comments" "a" ON "a"."id" = "b"."id"
		CROSS JOIN LATERAL (VALUES ("b"."ticket_id"), ("a"."ticket_id")) AS "touched" ("ticket")
		WHERE ("a"."message", "a"."ticket_id", "a"."is_internal") IS DISTINCT FROM ("b"."message", "b"."ticket_id", "b"."is_internal")
	));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ticket_words_on_ticket_insert" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "ticket_words_of_new_tickets"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ticket_words_on_ticket_text" AFTER UPDATE OF "title", "description", "created_at" ON "tickets" FOR EACH ROW
	WHEN ((OLD."title", OLD."description", OLD."created_at") IS DISTINCT FROM (NEW."title", NEW."description", NEW."created_at"))
	EXECUTE FUNCTION "ticket_words_of_changed_ticket"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ticket_words_on_comment_insert" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "ticket_words_of_new_comments"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ticket_words_on_comment_update" AFTER UPDATE ON "comments" REFERENCING OLD TABLE AS "old_comments" NEW TABLE AS "new_comments" FOR EACH STATEMENT EXECUTE FUNCTION "ticket_words_of_changed_comments"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "ticket_terms_on_words_delete" AFTER DELETE ON "ticket_words" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "ticket_terms_prune"();
