-- article_words is derived from articles, as forward_chain_members is from forward_events: the
-- triggers rebuild the words of the articles a statement wrote, so every writer keeps it. New terms
-- are added first (only those missing, so that the identity is not spent on conflicts); a deleted
-- article's words go with it (on delete cascade).
CREATE OR REPLACE FUNCTION "article_words_rebuild"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "article_words" WHERE "article_id" IN (SELECT "id" FROM "touched");
	INSERT INTO "article_terms" ("term")
	SELECT DISTINCT "w"."word"
	FROM "touched" "a"
	CROSS JOIN LATERAL words_of("a"."title_en" || ' ' || "a"."title_bn" || ' ' || "a"."body_en" || ' ' || "a"."body_bn") AS "w" ("word")
	WHERE NOT EXISTS (SELECT 1 FROM "article_terms" "t" WHERE "t"."term" = "w"."word")
	ON CONFLICT ("term") DO NOTHING;
	INSERT INTO "article_words" ("article_id", "term_id", "in_title", "listed", "sub_group_id", "updated_at")
	SELECT "a"."id", "t"."id", bool_or("w"."in_title"), "a"."visibility" = 'public' AND "a"."published", "a"."sub_group_id", "a"."updated_at"
	FROM "touched" "a"
	CROSS JOIN LATERAL (
		SELECT "title_word", true FROM words_of("a"."title_en" || ' ' || "a"."title_bn") AS "title_word"
		UNION ALL
		SELECT "body_word", false FROM words_of("a"."body_en" || ' ' || "a"."body_bn") AS "body_word"
	) AS "w" ("word", "in_title")
	JOIN "article_terms" "t" ON "t"."term" = "w"."word"
	GROUP BY "a"."id", "t"."id", "a"."visibility", "a"."published", "a"."sub_group_id", "a"."updated_at";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "article_words_on_insert" AFTER INSERT ON "articles" REFERENCING NEW TABLE AS "touched" FOR EACH STATEMENT EXECUTE FUNCTION "article_words_rebuild"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "article_words_on_update" AFTER UPDATE ON "articles" REFERENCING NEW TABLE AS "touched" FOR EACH STATEMENT EXECUTE FUNCTION "article_words_rebuild"();
