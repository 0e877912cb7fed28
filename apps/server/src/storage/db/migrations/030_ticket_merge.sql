-- One alert flow (issue 26, ADR 0073): repeated alarms of one kind from one vehicle merge into its
-- open ticket. kind: the event name the ticket stands for; alarm_count: how many alarms it holds;
-- latest_at: the device time of the newest. events.ticket_id: the ticket an alarm went into, so a
-- ticket finds its escalation chains (escalation_states.evid).
alter table tickets add column kind text;
alter table tickets add column alarm_count integer not null default 1;
alter table tickets add column latest_at bigint;
alter table events add column ticket_id text;

update tickets t set kind = e.event_name, latest_at = e.event_time from events e where e.evid = t.evid;
update events e set ticket_id = t.ticket_id from tickets t where t.evid = e.evid;

-- Open tickets stored before: those of one vehicle and kind become one, the oldest, which takes
-- their count, their latest time and their alarms; the others go (they were all open).
create temporary table ticket_merge on commit drop as
  select ticket_id, first_value(ticket_id) over w as keep_id
  from tickets where resolved_at is null
  window w as (partition by vid, kind order by created_at, ticket_id);
update tickets t set alarm_count = m.n, latest_at = m.latest
  from (select g.keep_id, count(*)::integer as n, max(x.latest_at) as latest
        from ticket_merge g join tickets x on x.ticket_id = g.ticket_id group by g.keep_id) m
  where t.ticket_id = m.keep_id;
update events e set ticket_id = m.keep_id from ticket_merge m
  where e.ticket_id = m.ticket_id and m.ticket_id <> m.keep_id;
delete from tickets t using ticket_merge m where t.ticket_id = m.ticket_id and m.ticket_id <> m.keep_id;

alter table tickets alter column kind set not null;
alter table tickets alter column latest_at set not null;
-- At most one open ticket per vehicle and kind: two alarms at once cannot open two (the writer
-- inserts with on conflict … do update, which waits for the other and adds to its ticket).
create unique index tickets_open_kind_idx on tickets (vid, kind) where resolved_at is null;
create index events_ticket_idx on events (ticket_id) where ticket_id is not null;
