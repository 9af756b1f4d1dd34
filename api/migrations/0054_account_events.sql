-- The login history also records every change of the account's security (action other than 'login'); its
-- login_type then says how the change was proven (1 the password, 2 a code).
ALTER TABLE login_history ADD COLUMN action text NOT NULL DEFAULT 'login';

-- POST /api/users-delete/ starts a cooling-off period: a login before it ends cancels the deletion; after it the
-- account is anonymised (docs/accounts.md).
ALTER TABLE users ADD COLUMN delete_request_time timestamptz NULL;
CREATE INDEX users_delete_request_idx ON users (delete_request_time) WHERE delete_request_time IS NOT NULL;
