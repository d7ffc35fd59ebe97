-- Hand-written: extensions and the search function every search column and index relies on.
-- pg_trgm and unaccent are trusted extensions (PostgreSQL 13+): the database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes a wrapper
-- that may be used in generated columns and indexes.
CREATE OR REPLACE FUNCTION public.immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Search form of a name, the same as normalizeSearchText() in src/domain/schemas/autocomplete.ts:
-- lower case, no accents, ASCII punctuation and typographic quotes/dashes turned into single spaces.
CREATE OR REPLACE FUNCTION public.search_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT btrim(regexp_replace(
      translate(lower(public.immutable_unaccent($1)), '’‘“”«»–—…' || chr(160), '          '),
      '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+', ' ', 'g'))
  $$;
