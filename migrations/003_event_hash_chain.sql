-- Up Migration

-- Tamper evidence: each event's hash covers its content and the previous event's hash in its stream.
ALTER TABLE events ADD COLUMN hash bytea;

CREATE FUNCTION event_content(e events) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT convert_to(e.stream_id || E'\n' || e.stream_position || E'\n' || e.event_id || E'\n' || e.type || E'\n'
                    || e.data::text || E'\n' || e.metadata::text, 'UTF8')
$$;

CREATE FUNCTION events_hash_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prev bytea;
BEGIN
  IF NEW.stream_position > 1 THEN
    SELECT hash INTO prev FROM events WHERE stream_id = NEW.stream_id AND stream_position = NEW.stream_position - 1;
  END IF;
  NEW.hash := sha256(coalesce(prev, '\x'::bytea) || event_content(NEW));
  RETURN NEW;
END;
$$;

CREATE TRIGGER events_hash_chain BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_hash_chain();


-- Down Migration

DROP TRIGGER events_hash_chain ON events;
DROP FUNCTION events_hash_chain;
DROP FUNCTION event_content;
ALTER TABLE events DROP COLUMN hash;
