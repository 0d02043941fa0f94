// Reads of device authorizations: by id, device code or user code; whether one has expired.

import type { Clock } from "../../kernel/clock.js";
import type { Database } from "../../store/database.js";
import type { DeviceAuthorization, DeviceState } from "./device-authorization.js";

interface Row {
  id: string;
  instance_id: string;
  client_id: string;
  device_code: string;
  user_code: string;
  scope: string;
  expires_at: string;
  interval_s: number;
  last_polled_at: string | null;
  state: DeviceState;
  user_id: string | null;
  session_id: string | null;
}

const fromRow = (r: Row): DeviceAuthorization => ({
  id: r.id,
  instanceId: r.instance_id,
  clientId: r.client_id,
  deviceCode: r.device_code,
  userCode: r.user_code,
  scope: JSON.parse(r.scope) as string[],
  expiresAt: r.expires_at,
  intervalS: r.interval_s,
  lastPolledAt: r.last_polled_at,
  state: r.state,
  userId: r.user_id,
  sessionId: r.session_id,
});

const byColumn = (db: Database, column: "device_code" | "user_code" | "id", instanceId: string, value: string): DeviceAuthorization | undefined => {
  const r = db.stmt(`SELECT * FROM device_authorizations WHERE instance_id = ? AND ${column} = ?`).get(instanceId, value) as Row | undefined;
  return r && fromRow(r);
};

export const deviceAuthorizationById = (db: Database, instanceId: string, id: string) => byColumn(db, "id", instanceId, id);
export const deviceAuthorizationByDeviceCode = (db: Database, instanceId: string, deviceCode: string) => byColumn(db, "device_code", instanceId, deviceCode);
export const deviceAuthorizationByUserCode = (db: Database, instanceId: string, userCode: string) => byColumn(db, "user_code", instanceId, userCode);

export const isExpired = (clock: Clock, d: DeviceAuthorization) => Date.parse(d.expiresAt) <= clock.nowMs();
