-- Orders permanently deleted before the list of personal data (server/db/personal-data.ts) kept some of
-- it: nationality, passport expiry, occupation, travel answers, process-log details quoting the e-mail, IP addresses
-- and transaction id, mail errors. This finishes their erasure as personal-data.ts says today, once: they are the
-- orders with purged_at set and travel_erased_at (added by 0020) not. Their remarks, downloads, documents, files and
-- mail contents were already removed. Row locks on those orders only (nobody writes a purged order); one read of
-- orders to find them.
CREATE TEMPORARY TABLE earlier_purged ON COMMIT DROP AS
  SELECT order_id FROM orders WHERE purged_at IS NOT NULL AND travel_erased_at IS NULL;--> statement-breakpoint
UPDATE process_logs SET detail = NULL
WHERE order_id IN (SELECT order_id FROM earlier_purged) AND detail IS NOT NULL
  AND step_name NOT IN ('Passport and travel details erased', 'Personal data erased', 'Order permanently deleted')
  AND detail !~ '^(New|Pending|Awaiting|AwaitingGovt|Contact Customer|Customer Called|Completed|Refunds|ChargeBack|Deleted) -> (New|Pending|Awaiting|AwaitingGovt|Contact Customer|Customer Called|Completed|Refunds|ChargeBack|Deleted)$';--> statement-breakpoint
UPDATE mails SET to_address = '', subject = '', html = '', text_body = '', attachments = '[]'::jsonb, provider_message_id = NULL,
  last_error = CASE WHEN last_error = 'Order permanently deleted before sending' THEN 'Not sent: the order''s personal data was erased.' END
WHERE order_id IN (SELECT order_id FROM earlier_purged);--> statement-breakpoint
UPDATE remarks SET remark = '' WHERE order_id IN (SELECT order_id FROM earlier_purged);--> statement-breakpoint
UPDATE upload_docs SET original_name = '', storage_key = '' WHERE order_id IN (SELECT order_id FROM earlier_purged);--> statement-breakpoint
UPDATE download_history SET ip = '', user_agent = NULL, browser = NULL, device = NULL, device_type = NULL, os = NULL,
  country = NULL, city = NULL, timezone = NULL
WHERE order_id IN (SELECT order_id FROM earlier_purged);--> statement-breakpoint
UPDATE intake_requests SET request_hash = '' WHERE order_id IN (SELECT order_id FROM earlier_purged);--> statement-breakpoint
UPDATE orders SET travel_erased_at = purged_at,
  transaction_id = NULL, has_japanese_passport = '', has_reentry_permission = '', passport_number = '', surname = '',
  given_name = '', nationality = '', date_of_dob = 0, month_of_dob = 0, year_of_dob = 0, date_of_expiry = 0,
  month_of_expiry = 0, year_of_expiry = 0, occupation = '', home_address_country_name = NULL, home_address_city_name = NULL,
  email = '', date_of_arrival_in_japan = 0, month_of_arrival_in_japan = 0, year_of_arrival_in_japan = 0,
  airline_company = '', flight_number = '', point_of_embarkation = '', postal_code_japan = '', prefecture = '',
  other_prefecture = NULL, city = '', other_city = NULL, address = '', hotel_name = '', personal_phone_code = '',
  personal_telephone_number = '', purpose_of_visit = NULL, specific_purpose_for_visit = NULL, duration_of_stay = NULL,
  immigration_one = NULL, immigration_two = NULL, immigration_three = NULL, immigration_four = NULL,
  declaration_one = '', declaration_two = '', declaration_three = '', declaration_four = '', declaration_five = '',
  declaration_six = '', declaration_seven = '', declaration_eight = '', quantity_of_unaccompanied_articles = NULL,
  alcoholic_beverages = NULL, cigarettes = NULL, heat_not_burn = NULL, cigars = NULL, others = NULL, perfume = NULL,
  article_name = NULL, quantity = NULL, unit = NULL, market_value = NULL, currency = NULL
WHERE order_id IN (SELECT order_id FROM earlier_purged);
