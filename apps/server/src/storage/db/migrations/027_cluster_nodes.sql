-- The nodes of a scaled-out cluster (ADR 0062): each node (PostgreSQL with NATS) writes its row
-- at start, moves seen_at on every few seconds and deletes it when it stops. A node whose seen_at
-- is older than JEJAK_NODE_DEAD_AFTER_MS is dead: the scheduler hands the devices it held (their
-- pending recomputes, their disconnect sweep) to the nodes alive. Both times are the database's
-- clock, so the nodes' own clocks never disagree about who is alive.
create table cluster_nodes (
  node text primary key,
  role text not null,
  started_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);
