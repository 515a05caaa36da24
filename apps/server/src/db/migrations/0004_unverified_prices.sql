-- Hand-written data migration (drizzle-kit generate --custom): only verified users may charge
-- (spec 1 and 6, decisions.md "Prices"). Prices set before the profile update enforced that rule,
-- and the old demo seed's prices for unverified creators, are cleared rather than kept hidden.
UPDATE users SET subscribe_price_cents = NULL
  WHERE verify_ondato_at IS NULL AND subscribe_price_cents > 0;
--> statement-breakpoint
UPDATE users SET direct_message_price_cents = NULL
  WHERE verify_ondato_at IS NULL AND direct_message_price_cents > 0;
--> statement-breakpoint
UPDATE stories SET price_cents = NULL
  WHERE price_cents IS NOT NULL
    AND user_id IN (SELECT id FROM users WHERE verify_ondato_at IS NULL);
