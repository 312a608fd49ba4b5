CREATE TABLE "roaming_authorizations" (
	"reference" text PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"token_uid" text NOT NULL,
	"token_type" text NOT NULL,
	"user_id" uuid NOT NULL,
	"rfid_tag_id" uuid,
	"location_id" text,
	"evse_uids" jsonb,
	"allowed" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "roaming_authorizations_token_type_check" CHECK ("roaming_authorizations"."token_type" in ('AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID')),
	CONSTRAINT "roaming_authorizations_allowed_check" CHECK ("roaming_authorizations"."allowed" in ('ALLOWED', 'BLOCKED', 'EXPIRED', 'NO_CREDIT', 'NOT_ALLOWED'))
);
--> statement-breakpoint
CREATE TABLE "roaming_tokens" (
	"partner_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"uid" text NOT NULL,
	"type" text NOT NULL,
	"valid" boolean NOT NULL,
	"token" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	CONSTRAINT "roaming_tokens_partner_id_country_code_party_id_uid_type_pk" PRIMARY KEY("partner_id","country_code","party_id","uid","type"),
	CONSTRAINT "roaming_tokens_type_check" CHECK ("roaming_tokens"."type" in ('AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID'))
);
--> statement-breakpoint
ALTER TABLE "rfid_tags" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "roaming_authorizations" ADD CONSTRAINT "roaming_authorizations_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_authorizations" ADD CONSTRAINT "roaming_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_authorizations" ADD CONSTRAINT "roaming_authorizations_rfid_tag_id_rfid_tags_id_fk" FOREIGN KEY ("rfid_tag_id") REFERENCES "public"."rfid_tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roaming_tokens" ADD CONSTRAINT "roaming_tokens_partner_id_roaming_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roaming_authorizations_partner_idx" ON "roaming_authorizations" USING btree ("partner_id","at");--> statement-breakpoint
CREATE INDEX "roaming_tokens_uid_idx" ON "roaming_tokens" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "users_group_tag_idx" ON "users" USING btree (('D' || upper(left(encode(sha256("id"::text::bytea), 'hex'), 19))));