CREATE TABLE "drop_queues" (
	"drop_id" integer NOT NULL,
	"goes_live_at" timestamp with time zone NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "drop_queues_pkey" PRIMARY KEY("drop_id","goes_live_at")
);
--> statement-breakpoint
CREATE TABLE "drop_turns" (
	"drop_id" integer NOT NULL,
	"goes_live_at" timestamp with time zone NOT NULL,
	"place" integer NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "drop_turns_pkey" PRIMARY KEY("drop_id","goes_live_at","place")
);
--> statement-breakpoint
ALTER TABLE "drop_queues" ADD CONSTRAINT "drop_queues_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_turns" ADD CONSTRAINT "drop_turns_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_turns" ADD CONSTRAINT "drop_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drop_turns_user_id_idx" ON "drop_turns" USING btree ("user_id");