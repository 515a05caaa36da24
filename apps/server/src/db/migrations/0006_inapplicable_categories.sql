-- Hand-written data migration (drizzle-kit generate --custom): a profile holds only categories
-- that apply to its sex (issue 9; the rule is categoryAppliesToSex in packages/contract, which
-- reads the same for_male / for_female / for_transgender flags). Choices made before the profile
-- update enforced it, a sex changed without dropping them, and the old demo seed's picks (women
-- with beards) are removed rather than kept hidden.
DELETE FROM user_sub_categories AS chosen
  USING users, user_categories AS parent
  WHERE users.id = chosen.user_id
    AND parent.id = chosen.category_id
    AND NOT CASE users.sex
      WHEN 'male' THEN parent.for_male
      WHEN 'female' THEN parent.for_female
      WHEN 'transgender' THEN parent.for_transgender
      ELSE false
    END;
