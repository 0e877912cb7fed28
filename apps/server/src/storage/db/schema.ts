import type { Generated } from 'kysely';

/** Kysely table types; columns mirror migrations/*.sql. Instants are epoch ms (bigint). */
export interface UsersTable {
  uid: string;
  user_name: string;
  user_email: string;
  user_role: string;
  user_contact: string;
  user_address: string;
  user_hierarchy: string;
  parent_id: string | null;
  password_hash: string;
  disabled: boolean;
  preference: unknown;
  created_at: number;
  updated_at: number;
}

export interface UserStagesTable {
  uid: string;
  stage: string;
  created_at: number;
}

export interface SessionsTable {
  token_hash: string;
  uid: string;
  created_at: number;
  expires_at: number;
  ip: string | null;
}

/** migrations/032_api_tokens.sql: a user's API token (ADR 0087). */
export interface ApiTokensTable {
  token_id: string;
  uid: string;
  name: string;
  prefix: string;
  token_hash: string;
  scope: 'read' | 'full';
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
}

export interface DevicesTable {
  dvid: string;
  model: string;
  imei: string;
  uid: string;
  sim_card: string;
  created_at: number;
  lat: number | null;
  lon: number | null;
  heading: number | null;
  speed: number | null;
  device_time: number | null;
  gps_status: boolean | null;
  engine_status: boolean | null;
  is_alive: boolean;
  last_seen_at: number | null;
  /** migrations/020_device_management.sql */
  brand: Generated<string>;
  /** The package kind of the last stored record (storage/ingest/device-last-writer.ts). */
  last_package: Generated<string | null>;
  /** Litres in the vehicle's tanks by the last record that read any. */
  last_fuel_l: Generated<number | null>;
  /** Server time the last record was stored. */
  last_record_at: Generated<number | null>;
  /** migrations/029_device_no_gps.sql: since when the GPS has had no fix; null while it has one. */
  no_gps_at: Generated<number | null>;
  /** migrations/038_device_commands.sql: jsonb, the protocol's per-device settings (issue 29 item 2); write it as JSON text. */
  settings: Generated<unknown>;
}

/** migrations/020_device_management.sql */
export interface DeviceGroupsTable {
  dgid: string;
  uid: string;
  group_name: string;
  created_at: number;
}

export interface DeviceGroupMembersTable {
  dgid: string;
  dvid: string;
}

export interface VehiclesTable {
  vid: string;
  dvid: string;
  uid: string;
  vehicle_plate: string;
  vehicle_display_name: string;
  vehicle_type: string;
  vehicle_model: string;
  transit_status: string | null;
  transit_from: number | null;
  updated_at: number | null;
  stopped_since: number | null;
  mileage_km: Generated<number>;
  created_at: number;
  /** jsonb, a FuelProfile (migrations/007_fuel_profile.sql); write it as JSON text. */
  fuel_profile: Generated<unknown>;
  /** migrations/039_maintenance.sql: jsonb, each service item's interval {km, hours, days}; write it as JSON text. */
  service_intervals: Generated<unknown>;
  engine_service_next_mileage: Generated<number | null>;
  engine_service_next_working_hour: Generated<number | null>;
  engine_service_due_date: Generated<number | null>;
  transmission_service_next_mileage: Generated<number | null>;
  transmission_service_due_date: Generated<number | null>;
  rear_axle_service_next_mileage: Generated<number | null>;
  rear_axle_service_due_date: Generated<number | null>;
  service_next_mileage: Generated<number | null>;
  service_due_date: Generated<number | null>;
  permit_due_date: Generated<number | null>;
  subs_start_date: Generated<number | null>;
  subs_end_date: Generated<number | null>;
  /** jsonb, geoid → {inside: 0|1, since} (migrations/017_geofences.sql); write it as JSON text. */
  geofence_profile: Generated<unknown>;
}

export interface VehicleGroupsTable {
  vgid: string;
  uid: string;
  group_name: string;
  color_hex: string;
  created_at: number;
}

export interface VehicleGroupMembersTable {
  vgid: string;
  vid: string;
}

export interface UserVehicleGroupsTable {
  uid: string;
  vgid: string;
}

export interface DeviceLogsTable {
  dvid: string;
  device_time: number;
  package: string;
  package_time: number | null;
  created_at: number;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  altitude: number | null;
  heading: number | null;
  fuel: unknown;
  device_message: string | null;
  gps_status: boolean | null;
  engine_status: boolean | null;
  is_alive: boolean | null;
  attributes: unknown;
}

export interface UnknownDevicesTable {
  protocol: string;
  imei: string;
  remote: string | null;
  first_seen: number;
  last_seen: number;
  attempts: Generated<number>;
}

export interface DeviceConflictsTable {
  dvid: string;
  protocol: string;
  imei: string;
  remote: string | null;
  previous_remote: string | null;
  first_seen: number;
  last_seen: number;
  takeovers: Generated<number>;
}

export interface TransitRecordsTable {
  tsid: string;
  vid: string;
  transit_status: string;
  start_time: number;
  end_time: number;
  duration: number;
  total_mileage: number;
  top_speed: number;
  avg_speed: number;
  total_fuel: number;
  start_lat: number;
  start_lon: number;
  end_lat: number;
  end_lon: number;
  start_address: string | null;
  end_address: string | null;
  created_at: number;
  trid: string | null;
}

export interface TripRecordsTable {
  trid: string;
  vid: string;
  trip_status: string;
  start_time: number;
  end_time: number;
  total_distance: number;
  top_speed: number;
  total_moving_duration: number;
  total_idling_duration: number;
  created_at: number;
}

export interface VehicleLogsTable {
  vid: string;
  vehicle_time: number;
  created_at: number;
  lat: number;
  lon: number;
  speed: number;
  address: string | null;
  trip_status: string | null;
  trip_from: number | null;
  transit_status: string;
  transit_from: number;
  mileage: number;
}

export interface VehicleDayStatsTable {
  vid: string;
  /** A local date; read as text (`day::text`), never as a Date. */
  day: string;
  start_time: number;
  end_time: number;
  mileage_km: number;
  moving_ms: number;
  idling_ms: number;
  parking_ms: number;
  disconnected_ms: number;
  top_speed_kmh: number;
  records: number;
}

export interface PositionsRetentionTable {
  id: boolean;
  kept_from: number;
}

/** The zone vehicle_day_stats' dates are in (migration 028, ADR 0068): one row. */
export interface DayStatsZoneTable {
  id: boolean;
  time_zone: string;
}

export interface AuditLogTable {
  audit_id: string;
  seq: Generated<number>;
  created_at: number;
  actor_uid: string | null;
  actor_email: string | null;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  details: unknown;
}

export interface PasswordResetsTable {
  token_hash: string;
  uid: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface GeofenceTemplatesTable {
  gtid: string;
  uid: string;
  template_name: string;
  color_hex: Generated<string>;
  created_at: number;
}

export interface RuleTemplatesTable {
  rtid: string;
  uid: string;
  template_name: string;
  created_at: number;
  /** migrations/022_alerts.sql */
  updated_by: string | null;
  updated_at: number | null;
}

export interface UserGeofenceTemplatesTable {
  uid: string;
  gtid: string;
}

export interface UserRuleTemplatesTable {
  uid: string;
  rtid: string;
}

export interface VehiclePackagesTable {
  vehicle_package_id: string;
  vid: string;
  uid: string;
  contract_type: string;
  start_at: number;
  end_at: number;
  status: string;
  renewal_contract_type: string | null;
  renewal_start_at: number | null;
  renewal_end_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface VehiclePackageLogsTable {
  vehicle_package_log_id: string;
  seq: Generated<number>;
  vehicle_package_id: string;
  vid: string;
  action: string;
  contract_type: string;
  status: string;
  start_at: number;
  end_at: number;
  updated_by: string | null;
  created_at: number;
  updated_at: number;
}

/** migrations/014_pipeline_states.sql: one row per device the pipeline has applied data to. */
export interface PipelineStatesTable {
  dvid: string;
  seq: number;
  /** JSON text of a ResumableState (pipeline/state/resume.ts). */
  state: string;
  late_since: number | null;
}

/** migrations/017_geofences.sql */
export interface GeofencesTable {
  geoid: string;
  uid: string;
  geo_type: string;
  geofence_name: string;
  geofence_comment: string;
  /** jsonb, [{lat, lng}]; write it as JSON text. */
  coordinates: unknown;
  geofence_radius: number | null;
  created_at: number;
  updated_at: number;
}

export interface GeofenceTemplateMembersTable {
  gtid: string;
  geoid: string;
}

export interface VehicleGeofenceTemplatesTable {
  vid: string;
  gtid: string;
}

export interface VehicleRuleTemplatesTable {
  vid: string;
  rtid: string;
}

export interface GeofenceRecordsTable {
  vid: string;
  geoid: string;
  enter_time: number;
  exit_time: number | null;
  enter_lat: number;
  enter_lon: number;
  exit_lat: number | null;
  exit_lon: number | null;
  created_at: number;
}

/** migrations/022_alerts.sql: a rule of a template (the built-in rules of DEFAULT are not rows). */
export interface RulesTable {
  ruid: string;
  rtid: string;
  rule_name: string;
  rule_type: string;
  rule_complied_name: string;
  rule_violated_name: string;
  /** JSON list of {parameter, operator, value}. */
  conditions: unknown;
  trigger_type: string | null;
  template_type: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** migrations/022_alerts.sql */
export interface EventsTable {
  evid: string;
  vid: string;
  dvid: string;
  event_name: string;
  event_type: string;
  lat: number | null;
  lon: number | null;
  address: string | null;
  speed: number | null;
  event_result: number;
  ruid: string | null;
  rtid: string | null;
  geoid: string | null;
  alarm: string | null;
  /** The device time of the fix that raised it (eventCreatedAt). */
  event_time: number;
  created_at: number;
  /** When the notifier fanned it out; null until then. */
  notified_at: number | null;
  /** migrations/030_ticket_merge.sql: the ticket this alarm opened or merged into. */
  ticket_id: string | null;
}

/** migrations/022_alerts.sql */
export interface TicketsTable {
  ticket_id: string;
  vid: string;
  evid: string;
  created_at: number;
  resolved_at: number | null;
  resolved_by: string | null;
  remark: string | null;
  /** migrations/030_ticket_merge.sql: the event name it stands for; one open ticket per (vid, kind). */
  kind: string;
  /** How many alarms merged into it (030). */
  alarm_count: Generated<number>;
  /** Device time of its newest alarm (030). */
  latest_at: number;
}

/** migrations/022_alerts.sql */
export interface NotificationsTable {
  nfid: string;
  created_by: string;
  notification_name: string;
  service_type: number;
  rules: unknown;
  geofences: unknown;
  recipients: unknown;
  keypad_enabled: boolean;
  created_at: number;
  updated_at: number;
}

/** migrations/022_alerts.sql: deliveries owed, claimed and retried by the scheduler. */
export interface NotificationDeliveriesTable {
  genid: string;
  nfid: string;
  evid: string;
  service_type: number;
  recipient: unknown;
  recipient_no: number;
  attempt: number;
  status: string;
  next_at: number;
  claimed_until: number | null;
  created_at: number;
}

/** migrations/033_webhooks.sql: an HTTPS endpoint subscribed to events (ADR 0089). */
export interface WebhooksTable {
  whid: string;
  created_by: string;
  url: string;
  kinds: unknown;
  secret: string;
  failures: number;
  paused_at: number | null;
  created_at: number;
}

/** migrations/033_webhooks.sql: the webhook outbox and its delivery log. */
export interface WebhookDeliveriesTable {
  wdid: string;
  seq: Generated<number>;
  whid: string;
  /** The stored event delivered, or null for a signal's delivery (migration 037). */
  evid: string | null;
  vid: string;
  kind: string;
  /** The signal's seq, for a signal's delivery. */
  ref: string | null;
  /** A signal's body (its JSON): what the receiver gets as `signal`. */
  payload: unknown;
  attempt: number;
  status: string;
  next_at: number;
  claimed_until: number | null;
  response_code: number | null;
  latency_ms: number | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** migrations/037_webhook_signals.sql: a geofence crossing, ticket resolution or tracker online/offline owed to webhooks. */
export interface WebhookSignalsTable {
  seq: Generated<number>;
  kind: string;
  vid: string;
  at: number;
  payload: unknown;
}

/** migrations/039_maintenance.sql: a service marked done. */
export interface MaintenanceLogTable {
  mlid: string;
  vid: string;
  item: string;
  done_at: number;
  odometer_km: number;
  engine_hours: number;
  done_by: string;
  note: Generated<string>;
}

/** migrations/039_maintenance.sql: a reminder sent, once per due and level. */
export interface MaintenanceAlertsTable {
  vid: string;
  item: string;
  due_key: string;
  level: string;
  sent_at: number;
}

/** migrations/038_device_commands.sql: a command to a tracker and what became of it. */
export interface DeviceCommandsTable {
  cmid: string;
  dvid: string;
  vid: string;
  type: string;
  seconds: number | null;
  text: string | null;
  reason: string | null;
  forced: Generated<boolean>;
  status: Generated<string>;
  channel: string | null;
  serial: number;
  created_by: string;
  created_at: number;
  expires_at: number;
  sent_at: number | null;
  answered_at: number | null;
  answer: string | null;
  error: string | null;
}

/** migrations/040_share_links.sql: a public link to one vehicle's live position, by its token's hash. */
export interface ShareLinksTable {
  token_hash: string;
  slid: string;
  vid: string;
  /** The creator's uid. */
  created_by: string;
  label: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  last_opened_at: number | null;
  opens: Generated<number>;
}

/** migrations/022_alerts.sql: every delivery attempt. */
export interface NotificationLogsTable {
  nlid: string;
  nfid: string;
  genid: string;
  evid: string | null;
  service_type: number;
  recipient: unknown;
  status_code: number;
  status_message: string;
  gen_status: string;
  attempt: number;
  device_time: number | null;
  created_at: number;
}

/** migrations/031_message_abuse_limits.sql: an outside e-mail recipient's confirmation. */
export interface RecipientConfirmationsTable {
  account_uid: string;
  address: string;
  token_hash: string | null;
  expires_at: number | null;
  sent_at: number | null;
  confirmed_at: number | null;
  created_at: number;
}

/** migrations/031_message_abuse_limits.sql: one account's messages of one day and channel. */
export interface MessageQuotaDaysTable {
  account_uid: string;
  day: string;
  channel: number;
  used: Generated<number>;
  warned_at: number | null;
}

/** migrations/022_alerts.sql: one call chain. */
export interface EscalationStatesTable {
  ecid: string;
  nfid: string;
  evid: string;
  vid: string;
  status: number;
  step: number;
  round: number;
  next_at: number;
  call_ref: string | null;
  created_at: number;
  updated_at: number;
  is_acknowledged: boolean;
  acknowledged_by: string | null;
  acknowledged_at: number | null;
  acknowledged_remark: string | null;
}

/** migrations/022_alerts.sql: one call attempt. */
export interface EscalationCallRecordsTable {
  ecrid: string;
  ecid: string;
  vid: string;
  step: number;
  round: number;
  contact_name: string;
  contact_number: string;
  status: number;
  detail: string;
  call_ref: string | null;
  created_at: number;
  updated_at: number;
}

/** migrations/023_shared_limits.sql: a rate limit's count in its current window. */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  resets_at: number;
}

/** migrations/023_shared_limits.sql: the per-e-mail sign-in backoff. */
export interface LoginFailuresTable {
  email: string;
  counted: number;
  last_at: number;
  hold_until: number;
}

export interface LoginFailureAddressesTable {
  email: string;
  ip: string;
  failures: number;
}

export interface LoginKnownAddressesTable {
  email: string;
  ip: string;
  at: number;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: number;
}

export interface Database {
  users: UsersTable;
  user_stages: UserStagesTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  devices: DevicesTable;
  device_groups: DeviceGroupsTable;
  device_group_members: DeviceGroupMembersTable;
  vehicles: VehiclesTable;
  vehicle_groups: VehicleGroupsTable;
  vehicle_group_members: VehicleGroupMembersTable;
  user_vehicle_groups: UserVehicleGroupsTable;
  device_logs: DeviceLogsTable;
  unknown_devices: UnknownDevicesTable;
  device_conflicts: DeviceConflictsTable;
  transit_records: TransitRecordsTable;
  trip_records: TripRecordsTable;
  vehicle_logs: VehicleLogsTable;
  vehicle_day_stats: VehicleDayStatsTable;
  positions_retention: PositionsRetentionTable;
  day_stats_zone: DayStatsZoneTable;
  audit_log: AuditLogTable;
  password_resets: PasswordResetsTable;
  recipient_confirmations: RecipientConfirmationsTable;
  message_quota_days: MessageQuotaDaysTable;
  geofence_templates: GeofenceTemplatesTable;
  rule_templates: RuleTemplatesTable;
  user_geofence_templates: UserGeofenceTemplatesTable;
  user_rule_templates: UserRuleTemplatesTable;
  vehicle_packages: VehiclePackagesTable;
  vehicle_package_logs: VehiclePackageLogsTable;
  pipeline_states: PipelineStatesTable;
  geofences: GeofencesTable;
  geofence_template_members: GeofenceTemplateMembersTable;
  vehicle_geofence_templates: VehicleGeofenceTemplatesTable;
  vehicle_rule_templates: VehicleRuleTemplatesTable;
  geofence_records: GeofenceRecordsTable;
  rules: RulesTable;
  events: EventsTable;
  tickets: TicketsTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_signals: WebhookSignalsTable;
  device_commands: DeviceCommandsTable;
  maintenance_log: MaintenanceLogTable;
  maintenance_alerts: MaintenanceAlertsTable;
  share_links: ShareLinksTable;
  notification_logs: NotificationLogsTable;
  escalation_states: EscalationStatesTable;
  escalation_call_records: EscalationCallRecordsTable;
  rate_limit_hits: RateLimitHitsTable;
  login_failures: LoginFailuresTable;
  login_failure_addresses: LoginFailureAddressesTable;
  login_known_addresses: LoginKnownAddressesTable;
  schema_migrations: SchemaMigrationsTable;
}
