-- Domain orders paid through Stripe or Paddle (issue 18, docs/decisions/049): the provider's checkout
-- made for the order (a Stripe Checkout Session id, a Paddle transaction id), by which its webhook finds it.
ALTER TABLE `domain_orders` ADD `checkout_ref` text;--> statement-breakpoint
CREATE UNIQUE INDEX `domain_orders_checkout` ON `domain_orders` (`checkout_ref`);
