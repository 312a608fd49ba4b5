ALTER TABLE "liked_stations" RENAME TO "favourite_stations";--> statement-breakpoint
ALTER TABLE "favourite_stations" RENAME CONSTRAINT "liked_stations_user_id_users_id_fk" TO "favourite_stations_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "favourite_stations" RENAME CONSTRAINT "liked_stations_station_id_stations_id_fk" TO "favourite_stations_station_id_stations_id_fk";--> statement-breakpoint
ALTER TABLE "favourite_stations" RENAME CONSTRAINT "liked_stations_user_id_station_id_pk" TO "favourite_stations_user_id_station_id_pk";
