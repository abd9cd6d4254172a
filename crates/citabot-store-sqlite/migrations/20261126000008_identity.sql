-- Account emails are keyed by one form (issue 10): NFKC, then lower case, which the domain
-- writes for every new account. SQL can only lower-case, and does it here for rows no other
-- row differs from only by case (those would collide). The rest (NFKC, and which account keeps
-- an address that several spell) is the Rust fold that runs right after the migrations:
-- citabot_store::identity.
UPDATE users SET email = lower(email)
WHERE email <> lower(email)
  AND NOT EXISTS (
      SELECT 1 FROM users AS other
      WHERE other.id <> users.id AND lower(other.email) = lower(users.email)
  );
