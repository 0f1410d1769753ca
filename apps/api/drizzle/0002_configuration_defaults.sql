-- Defaults of DOMAIN.md §2, §3, §6 and DOMAIN-REFERENCE.md §10, in force from 2000-01-01.
-- The Admin changes them in Configurations by adding a value with a later effective date.
INSERT INTO "charge_rates" ("head", "unit", "amount", "gst_rate_percent", "effective_from", "remarks") VALUES
  ('APPLICATION_FEE', 'INR', 5000, 18, '2000-01-01', 'Non-refundable, per application'),
  ('REGISTRATION_FEE', 'INR', 10000, 18, '2000-01-01', 'Per registration'),
  ('RENEWAL_FEE', 'INR', 10000, 18, '2000-01-01', 'Per renewal'),
  ('STANDING_CLEARANCE_FEE', 'INR', 5000, 18, '2000-01-01', 'Per standing clearance (NOC)'),
  ('STU_TRANSMISSION_CHARGE', 'INR_PER_KWH', 0.08, 0, '2000-01-01', 'Energy basis: Rs/kWh of approved energy'),
  ('SLDC_OPERATING_CHARGE', 'INR_PER_DAY', 1000, 18, '2000-01-01', 'Per day or part of a day, per transaction'),
  ('LATE_PAYMENT_INTEREST', 'PERCENT_PER_DAY', 0.04, 0, '2000-01-01', 'Simple interest on overdue amounts'),
  ('EBIDDING_FLOOR_PRICE', 'INR_PER_KWH', 0.08, 0, '2000-01-01', 'Default floor price = STOA transmission rate');
--> statement-breakpoint
INSERT INTO "settings" ("key", "value", "effective_from") VALUES
  ('advanceCutoffDayMonth1', '20', '2000-01-01'),
  ('advanceCutoffDayMonth2', '25', '2000-01-01'),
  ('advanceCutoffDayMonth3', '0', '2000-01-01'),
  ('fcfsMinLeadDays', '4', '2000-01-01'),
  ('dayAheadWindowOpenDays', '3', '2000-01-01'),
  ('dayAheadCutoffTime', '15:00', '2000-01-01'),
  ('revisionLeadBlocks', '4', '2000-01-01'),
  ('consentWorkingDays', '3', '2000-01-01'),
  ('registrationValidityMonths', '12', '2000-01-01'),
  ('paymentDueWorkingDays', '3', '2000-01-01'),
  ('bidTick', '0.01', '2000-01-01'),
  ('minContractDemandMw', '1', '2000-01-01'),
  ('secondFourthSaturdayOff', 'true', '2000-01-01');
