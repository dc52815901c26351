CREATE TABLE "article_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "article_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"term" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_words" (
	"article_id" uuid NOT NULL,
	"term_id" integer NOT NULL,
	"in_title" boolean NOT NULL,
	"listed" boolean NOT NULL,
	"sub_group_id" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "article_words_article_id_term_id_pk" PRIMARY KEY("article_id","term_id")
);
--> statement-breakpoint
DROP INDEX "articles_search_text_trgm";--> statement-breakpoint
ALTER TABLE "article_words" ADD CONSTRAINT "article_words_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_words" ADD CONSTRAINT "article_words_term_id_article_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."article_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_terms_term" ON "article_terms" USING btree ("term");--> statement-breakpoint
CREATE INDEX "article_terms_trgm" ON "article_terms" USING gin ("term" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "article_words_search" ON "article_words" USING btree ("term_id","listed","in_title","updated_at","article_id","sub_group_id");--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "search_text";--> statement-breakpoint
-- What a word is, for the articles and for a searched text alike: lower case, split at spaces and the
-- punctuation that clings to words (the Bangla danda too), each word once, at most 64 characters (a
-- term is a key of a unique index). `%`, `_` and `-` stay in words, so a search takes them as themselves.
CREATE FUNCTION "article_words_of"("words" text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT DISTINCT left("word", 64)
	FROM regexp_split_to_table(lower("words"), '[][[:space:].,;:!?(){}<>"''`*#~^=+|/\\“”‘’…।॥]+') AS "word"
	WHERE "word" <> ''
$$;--> statement-breakpoint
-- article_words is derived from articles, as forward_chain_members is from forward_events: the
-- triggers rebuild the words of the articles a statement wrote, so every writer keeps it. New terms
-- are added first (only those missing, so that the identity is not spent on conflicts); a deleted
-- article's words go with it (on delete cascade).
CREATE FUNCTION "article_words_rebuild"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "article_words" WHERE "article_id" IN (SELECT "id" FROM "touched");
	INSERT INTO "article_terms" ("term")
	SELECT DISTINCT "w"."word"
	FROM "touched" "a"
	CROSS JOIN LATERAL article_words_of("a"."title_en" || ' ' || "a"."title_bn" || ' ' || "a"."body_en" || ' ' || "a"."body_bn") AS "w" ("word")
	WHERE NOT EXISTS (SELECT 1 FROM "article_terms" "t" WHERE "t"."term" = "w"."word")
	ON CONFLICT ("term") DO NOTHING;
	INSERT INTO "article_words" ("article_id", "term_id", "in_title", "listed", "sub_group_id", "updated_at")
	SELECT "a"."id", "t"."id", bool_or("w"."in_title"), "a"."visibility" = 'public' AND "a"."published", "a"."sub_group_id", "a"."updated_at"
	FROM "touched" "a"
	CROSS JOIN LATERAL (
		SELECT "title_word", true FROM article_words_of("a"."title_en" || ' ' || "a"."title_bn") AS "title_word"
		UNION ALL
		SELECT "body_word", false FROM article_words_of("a"."body_en" || ' ' || "a"."body_bn") AS "body_word"
	) AS "w" ("word", "in_title")
	JOIN "article_terms" "t" ON "t"."term" = "w"."word"
	GROUP BY "a"."id", "t"."id", "a"."visibility", "a"."published", "a"."sub_group_id", "a"."updated_at";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "article_words_on_insert" AFTER INSERT ON "articles" REFERENCING NEW TABLE AS "touched" FOR EACH STATEMENT EXECUTE FUNCTION "article_words_rebuild"();--> statement-breakpoint
CREATE TRIGGER "article_words_on_update" AFTER UPDATE ON "articles" REFERENCING NEW TABLE AS "touched" FOR EACH STATEMENT EXECUTE FUNCTION "article_words_rebuild"();--> statement-breakpoint
-- The articles written before this migration: an update that changes nothing runs the rule above.
UPDATE "articles" SET "slug" = "slug";
