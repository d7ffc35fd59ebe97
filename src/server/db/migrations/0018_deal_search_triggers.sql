-- Hand-written (drizzle-kit generate --custom): keeps deals.search_names and deals.search_commune,
-- the deals board's search (read-deals.ts searchCondition), in step with the deceased, the owners
-- and the commune of death, whatever writes them. The application never writes these columns.
-- A new deal is filled as it is inserted; later changes refresh the touched deals from
-- statement-level triggers in one set-based UPDATE, so a bulk import (bench/deals-list.ts seeds
-- 50,000 deals and their owners) costs one pass, not one lookup per row.
CREATE OR REPLACE FUNCTION public.deal_search_refresh(ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF ids IS NULL OR cardinality(ids) = 0 THEN
      RETURN;
    END IF;
    -- " " + the deceased's search_name + " | " + each owner's: "% term%" finds the start of any
    -- word of one of them, never a phrase running from one into the next.
    UPDATE deals d
      SET search_names = ' ' || coalesce(df.search_name, '') || coalesce(o.names, ''),
          search_commune = coalesce(ch.search_name, '')
      FROM deals d2
      LEFT JOIN defuncts df ON df.id = d2.defunct_id
      LEFT JOIN cityhalls ch ON ch.id = df.death_cityhall_id
      LEFT JOIN (
        SELECT a.deal_id, string_agg(' | ' || c.search_name, '' ORDER BY a.id) AS names
        FROM deal_abilities a JOIN clients c ON c.id = a.client_id
        WHERE a.role = 'owner' AND a.deal_id = ANY (ids)
        GROUP BY a.deal_id
      ) o ON o.deal_id = d2.id
      WHERE d.id = d2.id AND d2.id = ANY (ids)
        AND (d.search_names IS DISTINCT FROM ' ' || coalesce(df.search_name, '') || coalesce(o.names, '')
             OR d.search_commune IS DISTINCT FROM coalesce(ch.search_name, ''));
  END
  $$;
--> statement-breakpoint
-- A new deal is filled in place (no second write of the row): no owner can hold it yet, so the
-- deceased and the commune are all there is.
CREATE OR REPLACE FUNCTION public.deals_search_filled() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    SELECT ' ' || coalesce(df.search_name, ''), coalesce(ch.search_name, '')
      INTO NEW.search_names, NEW.search_commune
      FROM (SELECT 1) AS one
      LEFT JOIN defuncts df ON df.id = NEW.defunct_id
      LEFT JOIN cityhalls ch ON ch.id = df.death_cityhall_id;
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER deals_search_filled BEFORE INSERT ON deals
  FOR EACH ROW EXECUTE FUNCTION public.deals_search_filled();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.deals_search_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM public.deal_search_refresh(ARRAY(
      SELECT n.id FROM new_deals n JOIN old_deals o ON o.id = n.id
      WHERE n.defunct_id IS DISTINCT FROM o.defunct_id
         OR n.search_names IS DISTINCT FROM o.search_names
         OR n.search_commune IS DISTINCT FROM o.search_commune));
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
-- A write of the search columns themselves (not the application's) is put right again; the
-- refresh writes the computed values, so its own run finds nothing left to change.
CREATE TRIGGER deals_search_updated AFTER UPDATE ON deals REFERENCING OLD TABLE AS old_deals NEW TABLE AS new_deals
  FOR EACH STATEMENT EXECUTE FUNCTION public.deals_search_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.deal_abilities_search_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM public.deal_search_refresh(ARRAY(SELECT DISTINCT deal_id FROM changed_abilities WHERE role = 'owner'));
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER deal_abilities_search_inserted AFTER INSERT ON deal_abilities REFERENCING NEW TABLE AS changed_abilities
  FOR EACH STATEMENT EXECUTE FUNCTION public.deal_abilities_search_changed();
--> statement-breakpoint
CREATE TRIGGER deal_abilities_search_deleted AFTER DELETE ON deal_abilities REFERENCING OLD TABLE AS changed_abilities
  FOR EACH STATEMENT EXECUTE FUNCTION public.deal_abilities_search_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.deal_abilities_search_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM public.deal_search_refresh(ARRAY(
      SELECT o.deal_id FROM old_abilities o JOIN new_abilities n ON n.id = o.id WHERE o.role = 'owner' OR n.role = 'owner'
      UNION
      SELECT n.deal_id FROM old_abilities o JOIN new_abilities n ON n.id = o.id WHERE o.role = 'owner' OR n.role = 'owner'));
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER deal_abilities_search_updated AFTER UPDATE ON deal_abilities REFERENCING OLD TABLE AS old_abilities NEW TABLE AS new_abilities
  FOR EACH STATEMENT EXECUTE FUNCTION public.deal_abilities_search_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.defuncts_search_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM public.deal_search_refresh(ARRAY(
      SELECT dl.id FROM deals dl
      WHERE dl.defunct_id IN (SELECT n.id FROM new_defuncts n JOIN old_defuncts o ON o.id = n.id
                              WHERE n.search_name IS DISTINCT FROM o.search_name OR n.death_cityhall_id IS DISTINCT FROM o.death_cityhall_id)));
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER defuncts_search_updated AFTER UPDATE ON defuncts REFERENCING OLD TABLE AS old_defuncts NEW TABLE AS new_defuncts
  FOR EACH STATEMENT EXECUTE FUNCTION public.defuncts_search_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.clients_search_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM public.deal_search_refresh(ARRAY(
      SELECT a.deal_id FROM deal_abilities a
      JOIN new_clients n ON n.id = a.client_id JOIN old_clients o ON o.id = n.id
      WHERE a.role = 'owner' AND n.search_name IS DISTINCT FROM o.search_name));
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER clients_search_updated AFTER UPDATE ON clients REFERENCING OLD TABLE AS old_clients NEW TABLE AS new_clients
  FOR EACH STATEMENT EXECUTE FUNCTION public.clients_search_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.cityhalls_search_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM public.deal_search_refresh(ARRAY(
      SELECT dl.id FROM deals dl JOIN defuncts d ON d.id = dl.defunct_id
      JOIN new_cityhalls n ON n.id = d.death_cityhall_id JOIN old_cityhalls o ON o.id = n.id
      WHERE n.search_name IS DISTINCT FROM o.search_name));
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER cityhalls_search_updated AFTER UPDATE ON cityhalls REFERENCING OLD TABLE AS old_cityhalls NEW TABLE AS new_cityhalls
  FOR EACH STATEMENT EXECUTE FUNCTION public.cityhalls_search_updated();
--> statement-breakpoint
-- The deals already there.
SELECT public.deal_search_refresh(ARRAY(SELECT id FROM deals));
