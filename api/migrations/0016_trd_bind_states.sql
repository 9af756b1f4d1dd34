-- Binding a third-party account through the provider's authorisation page (POST
-- /api/trd-account-bind/{provider}/authorize/): the OAuth state then names the logged-in account the identity is
-- for, and the callback binds instead of logging in. NULL: a login state, as before.
ALTER TABLE oauth_states ADD COLUMN user_id bigint REFERENCES users (id) ON DELETE CASCADE;
