-- The uses of once-per-customer codes taken before discount_use.customer_key existed get their holder (issue 21):
-- the account when the order was placed logged in, else the e-mail typed, normalised as the discounts module's
-- normalisedEmail does (trimmed, lower-cased, a +tag of the local part dropped). Where one holder already holds
-- several uses of one code (the race the key now closes), the earliest keeps the key and the others stay without
-- one: those orders were placed and are not undone here.
UPDATE "discount_use" SET "customer_key" = "keyed"."key"
FROM (
	SELECT "use"."order_id", "holder"."key",
		row_number() OVER (PARTITION BY "use"."discount_id", "holder"."key" ORDER BY "use"."created_at", "use"."order_id") AS "n"
	FROM "discount_use" AS "use"
	JOIN "discount" ON "discount"."id" = "use"."discount_id" AND "discount"."once_per_customer"
	JOIN "orders" ON "orders"."id" = "use"."order_id"
	CROSS JOIN LATERAL (
		SELECT CASE
			WHEN "orders"."customer_id" IS NOT NULL THEN 'c:' || "orders"."customer_id"
			ELSE 'e:' || regexp_replace(lower(btrim("use"."email")), '\+[^@]*(@[^@]*)$', '\1')
		END AS "key"
	) AS "holder"
) AS "keyed"
WHERE "discount_use"."order_id" = "keyed"."order_id" AND "keyed"."n" = 1 AND "discount_use"."customer_key" IS NULL;
