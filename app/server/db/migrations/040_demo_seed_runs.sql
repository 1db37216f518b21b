-- Seeds that have finished (the demo seed records itself here, so a second run does nothing).
CREATE TABLE seed_runs (
  name text PRIMARY KEY,
  finished_at timestamptz NOT NULL DEFAULT now()
);
