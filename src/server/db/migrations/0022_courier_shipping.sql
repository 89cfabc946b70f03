CREATE TABLE "courier_quotes" (
	"pincode" text PRIMARY KEY NOT NULL,
	"serviceable" boolean NOT NULL,
	"cod" boolean NOT NULL,
	"standard_days" integer,
	"express_days" integer,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"return_request_id" uuid,
	"direction" text DEFAULT 'forward' NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"state" text DEFAULT 'creating' NOT NULL,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"courier" text,
	"awb" text,
	"pickup_on" date,
	"batch_id" uuid,
	"last_error" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_shipments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "courier_shipments_awb_unique" UNIQUE("awb"),
	CONSTRAINT "courier_shipments_state_check" CHECK ("courier_shipments"."state" in ('creating', 'created', 'pickup_scheduled', 'labelled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'delivered', 'rto_in_transit', 'returned_to_origin', 'cancelled')),
	CONSTRAINT "courier_shipments_direction_check" CHECK ("courier_shipments"."direction" in ('forward', 'reverse')),
	CONSTRAINT "courier_shipments_direction_request_check" CHECK (("courier_shipments"."direction" = 'reverse') = ("courier_shipments"."return_request_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "delivery_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_shipment_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"action" text,
	"reattempt_on" date,
	"phone" text,
	"address_line" text,
	"answered_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_failures_action_check" CHECK ("delivery_failures"."action" is null or "delivery_failures"."action" in ('reattempt', 'change_phone', 'change_address'))
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefixes" jsonb NOT NULL,
	"standard_days" integer NOT NULL,
	"express_days" integer,
	"cod" boolean DEFAULT true NOT NULL,
	"serviceable" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_name_unique" UNIQUE("name"),
	CONSTRAINT "delivery_zones_days_check" CHECK ("delivery_zones"."standard_days" between 1 and 30 and ("delivery_zones"."express_days" is null or "delivery_zones"."express_days" between 1 and "delivery_zones"."standard_days"))
);
--> statement-breakpoint
CREATE TABLE "shipping_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" text,
	"pdf" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_shipment_id" uuid NOT NULL,
	"state" text NOT NULL,
	"provider_status" text NOT NULL,
	"activity" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_state_check" CHECK ("tracking_events"."state" in ('picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'delivered', 'rto_in_transit', 'returned_to_origin', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_check";--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD CONSTRAINT "courier_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD CONSTRAINT "courier_shipments_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD CONSTRAINT "courier_shipments_batch_id_shipping_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."shipping_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_failures" ADD CONSTRAINT "delivery_failures_courier_shipment_id_courier_shipments_id_fk" FOREIGN KEY ("courier_shipment_id") REFERENCES "public"."courier_shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_failures" ADD CONSTRAINT "delivery_failures_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_batches" ADD CONSTRAINT "shipping_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_courier_shipment_id_courier_shipments_id_fk" FOREIGN KEY ("courier_shipment_id") REFERENCES "public"."courier_shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_shipments_live_forward_key" ON "courier_shipments" USING btree ("order_id") WHERE "courier_shipments"."direction" = 'forward' and "courier_shipments"."state" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "courier_shipments_live_reverse_key" ON "courier_shipments" USING btree ("return_request_id") WHERE "courier_shipments"."direction" = 'reverse' and "courier_shipments"."state" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "courier_shipments_state_idx" ON "courier_shipments" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "courier_shipments_order_idx" ON "courier_shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_failures_attempt_key" ON "delivery_failures" USING btree ("courier_shipment_id","reported_at");--> statement-breakpoint
CREATE INDEX "delivery_failures_open_idx" ON "delivery_failures" USING btree ("reported_at") WHERE "delivery_failures"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_scan_key" ON "tracking_events" USING btree ("courier_shipment_id","occurred_at","provider_status");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_check" CHECK (("orders"."payment_method" = 'cod' or (("orders"."payment_id" is not null) = ("orders"."payment_method" = 'online') and "orders"."cod_fee_paise" = 0 and "orders"."status" <> 'awaiting_confirmation')) and ("orders"."payment_method" <> 'cod' or "orders"."prepaid_discount_paise" = 0) and "orders"."prepaid_discount_paise" between 0 and "orders"."discount_paise" and "orders"."cod_fee_paise" >= 0);