// oidc.device_authorization.* -> the device_authorizations table (the device code opened).

import type { Projections } from "../../store/projections.js";
import { unseal } from "../../store/sealed.js";
import {
  DeviceAuthorizationAdded,
  DeviceAuthorizationApproved,
  DeviceAuthorizationDenied,
  DeviceAuthorizationSlowedDown,
  DeviceAuthorizationTokenIssued,
} from "./events.js";

export function registerDeviceAuthorizationProjection(p: Projections): void {
  p.tables("device_authorizations")
    .on(DeviceAuthorizationAdded, (db, e) => {
      const x = e.payload;
      db.stmt(
        "INSERT INTO device_authorizations (id, instance_id, client_id, device_code, user_code, scope, expires_at, interval_s, state, created_at) " +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)",
      ).run(e.aggregateId, e.instanceId, x.clientId, unseal(db, x.deviceCode), x.userCode, JSON.stringify(x.scope), x.expiresAt, x.intervalS, e.createdAt);
    })
    .on(DeviceAuthorizationApproved, (db, e) => {
      db.stmt("UPDATE device_authorizations SET state = 'approved', user_id = ?, session_id = ? WHERE id = ?").run(
        e.payload.userId,
        e.payload.sessionId,
        e.aggregateId,
      );
    })
    .on(DeviceAuthorizationDenied, (db, e) => {
      db.stmt("UPDATE device_authorizations SET state = 'denied', user_id = ? WHERE id = ?").run(e.payload.userId, e.aggregateId);
    })
    .on(DeviceAuthorizationSlowedDown, (db, e) => {
      db.stmt("UPDATE device_authorizations SET interval_s = ? WHERE id = ?").run(e.payload.intervalS, e.aggregateId);
    })
    .on(DeviceAuthorizationTokenIssued, (db, e) => {
      db.stmt("UPDATE device_authorizations SET state = 'done' WHERE id = ?").run(e.aggregateId);
    });
}
