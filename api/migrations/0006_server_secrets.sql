-- Secrets the server generates once at its first start and shares between its processes: the RSA key pair that
-- browsers encrypt passwords with, and the key that verification codes are hashed with.
CREATE TABLE server_secrets (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);
