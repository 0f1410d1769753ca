-- Payment modes of spec 001 §3, all accepted by default; the Admin edits the instructions.
INSERT INTO "payment_details" ("mode", "is_enabled", "instructions") VALUES
  ('Demand Draft', true, 'Demand draft in favour of the State Load Dispatch Centre, payable at the SLDC headquarters. Write the application or registration number on the back.'),
  ('Bank Deposit', true, 'Deposit at any branch of the SLDC bank shown under SLDC Bank Details, quoting the application or registration number.'),
  ('NEFT', true, 'Transfer to the SLDC account shown under SLDC Bank Details and record the UTR number with the payment.');
