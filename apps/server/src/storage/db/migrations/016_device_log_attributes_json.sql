-- A device log's attributes as json, not jsonb: written for every fix and read back whole, never
-- queried inside. json only checks the text where jsonb also builds its binary form, which cost
-- about a fifth of PGlite's CPU per stored row (ADR 0028, measured with COPY).
alter table device_logs alter column attributes type json using attributes::json;
