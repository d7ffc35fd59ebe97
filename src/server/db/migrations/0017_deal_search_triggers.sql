-- Hand-written (drizzle-kit generate --custom): keeps deals.search_names and deals.search_commune,
-- the deals board's search (read-deals.ts searchCondition), in step with the deceased, the owners
-- and the commune of death, whatever writes them. The application never writes these columns.
CREATE OR REPLACE FUNCTION public.deal_search_names(p_defunct_id integer, p_deal_id integer) RETURNS text
  LANGUAGE sql STABLE
  AS $$
    SELECT ' ' || coalesce((SELECT d.search_name FROM defuncts d WHERE d.id = p_defunct_id), '')
      || coalesce((SELECT string_agg(' | ' || c.search_name, '' ORDER BY a.id)
                   FROM deal_abilities a JOIN clients c ON c.id = a.client_id
                   WHERE a.deal_id = p_deal_id AND a.role = 'owner'), '')
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.deal_search_commune(p_defunct_id integer) RETURNS text
  LANGUAGE sql STABLE
  AS $$
    SELECT coalesce((SELECT ch.search_name FROM defuncts d JOIN cityhalls ch ON ch.id = d.death_cityhall_id WHERE d.id = p_defunct_id), '')
  $$;
--> statement-breakpoint
-- Any write of the deal's deceased (or of the search columns themselves) recomputes both:
-- the other triggers refresh a deal with UPDATE deals SET search_names = search_names.
CREATE OR REPLACE FUNCTION public.deals_search_fill() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.search_names := public.deal_search_names(NEW.defunct_id, NEW.id);
    NEW.search_commune := public.deal_search_commune(NEW.defunct_id);
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER deals_search_fill BEFORE INSERT OR UPDATE OF defunct_id, search_names, search_commune ON deals
  FOR EACH ROW EXECUTE FUNCTION public.deals_search_fill();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.deal_abilities_search_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE deals SET search_names = search_names WHERE id IN (SELECT deal_id FROM changed_abilities WHERE role = 'owner');
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER deal_abilities_search_inserted AFTER INSERT ON deal_abilities REFERENCING NEW TABLE AS changed_abilities
  FOR EACH STATEMENT EXECUTE FUNCTION public.deal_abilities_search_added();
--> statement-breakpoint
CREATE TRIGGER deal_abilities_search_deleted AFTER DELETE ON deal_abilities REFERENCING OLD TABLE AS changed_abilities
  FOR EACH STATEMENT EXECUTE FUNCTION public.deal_abilities_search_added();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.deal_abilities_search_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE deals SET search_names = search_names
      WHERE id IN (SELECT o.deal_id FROM old_abilities o JOIN new_abilities n ON n.id = o.id
                   WHERE o.role = 'owner' OR n.role = 'owner'
                   UNION SELECT n.deal_id FROM old_abilities o JOIN new_abilities n ON n.id = o.id
                   WHERE o.role = 'owner' OR n.role = 'owner');
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
    UPDATE deals SET search_names = search_names
      WHERE defunct_id IN (SELECT n.id FROM new_defuncts n JOIN old_defuncts o ON o.id = n.id
                           WHERE n.search_name IS DISTINCT FROM o.search_name OR n.death_cityhall_id IS DISTINCT FROM o.death_cityhall_id);
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
    UPDATE deals SET search_names = search_names
      WHERE id IN (SELECT a.deal_id FROM deal_abilities a
                   JOIN new_clients n ON n.id = a.client_id JOIN old_clients o ON o.id = n.id
                   WHERE a.role = 'owner' AND n.search_name IS DISTINCT FROM o.search_name);
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
    UPDATE deals SET search_commune = search_commune
      WHERE defunct_id IN (SELECT d.id FROM defuncts d JOIN new_cityhalls n ON n.id = d.death_cityhall_id JOIN old_cityhalls o ON o.id = n.id
                           WHERE n.search_name IS DISTINCT FROM o.search_name);
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER cityhalls_search_updated AFTER UPDATE ON cityhalls REFERENCING OLD TABLE AS old_cityhalls NEW TABLE AS new_cityhalls
  FOR EACH STATEMENT EXECUTE FUNCTION public.cityhalls_search_updated();
--> statement-breakpoint
-- The deals already there.
UPDATE deals SET search_names = search_names;
