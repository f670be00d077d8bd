CREATE TABLE `billing_tax_ids` (
	`billing_type` integer NOT NULL,
	`customer_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`type` text NOT NULL,
	`value` text NOT NULL,
	`business_name` text NOT NULL,
	`provider_id` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`billing_type`, `customer_id`)
);
