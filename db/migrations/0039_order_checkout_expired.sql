-- Domain orders (issue 18, docs/decisions/051): the provider's checkout that expired (Stripe
-- checkout.session.expired) or was cancelled (Paddle transaction.canceled) while the order was new.
-- Its checkout_ref is cleared so the next payment makes a new checkout; this keeps the one that
-- ended, so the order page can say so and the next checkout's idempotency key is a new one.
ALTER TABLE `domain_orders` ADD `expired_checkout_ref` text;
