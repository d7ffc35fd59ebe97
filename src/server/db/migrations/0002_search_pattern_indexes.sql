DROP INDEX "cityhall_postal_codes_prefix_idx";--> statement-breakpoint
DROP INDEX "cityhalls_insee_prefix_idx";--> statement-breakpoint
DROP INDEX "cityhalls_search_prefix_idx";--> statement-breakpoint
DROP INDEX "airlines_search_prefix_idx";--> statement-breakpoint
DROP INDEX "airports_search_prefix_idx";--> statement-breakpoint
CREATE INDEX "cityhall_postal_codes_pattern_idx" ON "cityhall_postal_codes" USING btree ("postal_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cityhalls_insee_pattern_idx" ON "cityhalls" USING btree ("insee_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cityhalls_search_pattern_idx" ON "cityhalls" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "airlines_search_pattern_idx" ON "airlines" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "airports_search_pattern_idx" ON "airports" USING btree ("search_name" text_pattern_ops);