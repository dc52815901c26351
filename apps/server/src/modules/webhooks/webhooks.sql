-- Webhook deliveries of the live events a write publishes (DESIGN.md §21), called by the events'
-- NOTIFY inside the writer's own statement, so that a delivery exists exactly when the change it
-- tells of commits. One delivery per active endpoint that listens to the event; comment.added of an
-- internal comment is never delivered; alarm.changed names its alarm only; broadcast.finished its broadcast and incident. A desk without active endpoints pays one index-free look at
-- an empty (or tiny) table. Returns the number of deliveries written.
CREATE OR REPLACE FUNCTION "webhook_deliveries_enqueue"(payloads text[]) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	written bigint;
BEGIN
	IF NOT EXISTS (SELECT 1 FROM "webhook_endpoints" WHERE "active") THEN
		RETURN 0;
	END IF;
	INSERT INTO "webhook_deliveries" ("endpoint_id", "event", "ordering_key", "subject")
	SELECT e."id",
		p.j->>'event',
		CASE p.j->>'event'
			WHEN 'incident.changed' THEN 'incident:' || (p.j->>'incident_id')
			WHEN 'alarm.changed' THEN 'alarm:' || (p.j->>'alarm_id')
			WHEN 'broadcast.finished' THEN 'broadcast:' || (p.j->>'broadcast_id')
			ELSE 'ticket:' || (p.j->>'ticket_id')
		END,
		CASE WHEN p.j->>'event' = 'alarm.changed' THEN jsonb_build_object('alarm_id', p.j->'alarm_id')
		WHEN p.j->>'event' = 'broadcast.finished' THEN jsonb_build_object('broadcast_id', p.j->'broadcast_id', 'incident_id', p.j->'incident_id')
		ELSE jsonb_strip_nulls(jsonb_build_object('ticket_id', p.j->'ticket_id', 'comment_id', p.j->'comment_id', 'incident_id', p.j->'incident_id'))
		END
	FROM unnest(payloads) WITH ORDINALITY AS u(payload, n)
	CROSS JOIN LATERAL (SELECT u.payload::jsonb AS j) AS p
	JOIN "webhook_endpoints" e ON e."active" AND (p.j->>'event') = ANY (e."events")
	WHERE p.j->>'event' IN ('ticket.created', 'ticket.changed', 'comment.added', 'incident.changed', 'alarm.changed', 'broadcast.finished')
		AND NOT (p.j->>'event' = 'comment.added' AND coalesce((p.j->>'internal')::boolean, false))
	ORDER BY u.n, e."id";
	GET DIAGNOSTICS written = ROW_COUNT;
	RETURN written;
END
$$;
