-- Uncaught client errors reported by the front end (SPEC §7: POST /api/report_error/ with message, stack, type).
CREATE TABLE client_error_reports (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type        text NOT NULL DEFAULT '',
  message     text NOT NULL,
  stack       text NOT NULL DEFAULT '',
  route       text NOT NULL DEFAULT '',
  user_agent  text NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX client_error_reports_create_time_idx ON client_error_reports (create_time DESC);
