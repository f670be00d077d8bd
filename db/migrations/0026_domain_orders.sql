-- The shopping cart and domain orders (issue 18, docs/decisions/043).
CREATE TABLE `cart_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`domain` text NOT NULL,
	`price` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`premium` integer DEFAULT false NOT NULL,
	`years` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_items_user_domain` ON `cart_items` (`user_id`,`domain`);--> statement-breakpoint
CREATE TABLE `domain_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` integer NOT NULL,
	`reason` integer,
	`reason_detail` text,
	`subtotal` integer NOT NULL,
	`discount` integer NOT NULL,
	`total` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`billing_type` integer NOT NULL,
	`payment_ref` text,
	`refund_ref` text,
	`source` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `domain_orders_user` ON `domain_orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `domain_orders_payment` ON `domain_orders` (`payment_ref`);--> statement-breakpoint
CREATE TABLE `domain_order_items` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`domain` text NOT NULL,
	`price` integer NOT NULL,
	`years` integer NOT NULL,
	`discount` integer NOT NULL,
	`premium` integer DEFAULT false NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`registration_id` text,
	FOREIGN KEY (`order_id`) REFERENCES `domain_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `domain_order_items_order` ON `domain_order_items` (`order_id`);
