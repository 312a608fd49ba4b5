CREATE TABLE "support_conversations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_text" text NOT NULL,
	"last_author" text NOT NULL,
	"waiting_since" timestamp with time zone,
	"waiting_feedback" boolean DEFAULT false NOT NULL,
	"support_read_seq" bigint DEFAULT 0 NOT NULL,
	"user_read_seq" bigint DEFAULT 0 NOT NULL,
	"last_notice_at" timestamp with time zone,
	CONSTRAINT "support_conversations_author_check" CHECK ("support_conversations"."last_author" in ('user', 'support', 'system'))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_author_check";--> statement-breakpoint
DROP INDEX "messages_user_created_idx";--> statement-breakpoint
ALTER TABLE "message_files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "message_files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "message_files" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_conversations_inbox_idx" ON "support_conversations" USING btree ("waiting_since","last_message_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_session_id_charging_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_seq_idx" ON "messages" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "messages_user_seq_idx" ON "messages" USING btree ("user_id","seq");--> statement-breakpoint
ALTER TABLE "message_files" ADD CONSTRAINT "message_files_type_check" CHECK ("message_files"."content_type" in ('image/jpeg', 'image/png', 'application/pdf'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" in ('message', 'feedback', 'notice'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_check" CHECK ("messages"."author" in ('user', 'support', 'system'));