-- Payments recorded before refunds and crash recovery (issue 21): an attempt's age is its creation, a paid
-- payment captured its amount (a refunded one gave all of it back), and an open attempt belongs to the basket its
-- order holds (one open attempt per basket from now on).
UPDATE "payment" SET "attempt_at" = "created_at";
--> statement-breakpoint
UPDATE "payment" SET "captured_pence" = "amount_pence" WHERE "status" IN ('succeeded', 'refunded');
--> statement-breakpoint
UPDATE "payment" SET "refunded_pence" = "amount_pence" WHERE "status" = 'refunded';
--> statement-breakpoint
UPDATE "payment" AS p SET "cart_id" = o."cart_id"
  FROM "orders" AS o
  WHERE o."id" = p."order_id" AND p."status" IN ('pending', 'requires_action');
