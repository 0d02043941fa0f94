PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    instance_id TEXT NOT NULL,
    aggregate_type TEXT NOT NULL,
    aggregate_id TEXT NOT NULL,
    aggregate_sequence INTEGER NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    creator TEXT NOT NULL,
    resource_owner TEXT NOT NULL,
    created_at TEXT NOT NULL, origin TEXT NOT NULL DEFAULT 'api',
    UNIQUE (instance_id, aggregate_type, aggregate_id, aggregate_sequence)
  );
INSERT INTO events VALUES(1,'100000000007000000','instance','100000000007000000',1,'instance.added','{"name":"Svc Emulator","isDefault":true}','SYSTEM','100000000007000000','2026-11-28T08:45:24.221Z','seed');
INSERT INTO events VALUES(2,'100000000007000000','instance','100000000007000000',2,'instance.domain.added','{"domain":"localhost","isPrimary":true}','SYSTEM','100000000007000000','2026-11-28T08:45:24.221Z','seed');
INSERT INTO events VALUES(3,'100000000007000000','org','100000000007000001',1,'org.added','{"name":"Emulator Org"}','SYSTEM','100000000007000001','2026-11-28T08:45:24.223Z','seed');
INSERT INTO events VALUES(4,'100000000007000000','org','100000000007000001',2,'org.domain.added','{"domain":"emulator-org.localhost","verified":true,"generated":true}','SYSTEM','100000000007000001','2026-11-28T08:45:24.223Z','seed');
INSERT INTO events VALUES(5,'100000000007000000','org','100000000007000001',3,'org.domain.primary.set','{"domain":"emulator-org.localhost"}','SYSTEM','100000000007000001','2026-11-28T08:45:24.223Z','seed');
INSERT INTO events VALUES(6,'100000000007000000','user','100000000007000002',1,'user.human.added','{"username":"admin","firstName":"Ada","lastName":"Admin","email":"admin@svc-emulator.localhost","emailVerified":true,"passwordHash":{"algorithm":"aes-256-gcm","keyID":"events","crypted":"gOvBphxwBoV5v_Vtsq2Qhn74jzXNmwRYL3cdxs1KTO8zl4LXPXdymDrEmtfaqKcUCmwnmCRhupMNnk-_Xqb5st0LhkCqW_57Mu5IVjNKt6JEWemeIPMeOA"}}','SYSTEM','100000000007000001','2026-11-28T08:45:24.224Z','seed');
INSERT INTO events VALUES(7,'100000000007000000','user','100000000007000003',1,'user.machine.added','{"username":"admin-sa","name":"Emulator admin service account","description":"Calls the resource API in tests; its token is the adminPat.","accessTokenType":"opaque"}','SYSTEM','100000000007000001','2026-11-28T08:45:24.226Z','seed');
INSERT INTO events VALUES(8,'100000000007000000','user','100000000007000003',2,'user.personal.access.token.added','{"tokenId":"100000000007000004","token":{"algorithm":"aes-256-gcm","keyID":"events","crypted":"g1q6sLr_OyvzBmWTE3V58F7ZP_MggoFOC8ayIsqVtem7I1KoXT1RStrw6Af6cgYlb3CxbwnQkZZaHszBdvb7wMc_IteE0_xpzfQ6lWFIzV54z0idHOnJGzquB-c"}}','SYSTEM','100000000007000001','2026-11-28T08:45:24.227Z','seed');
INSERT INTO events VALUES(9,'100000000007000000','user','100000000007000005',1,'user.human.added','{"username":"alice","firstName":"Alice","lastName":"Allen","email":"alice@svc-emulator.localhost","emailVerified":true,"passwordHash":{"algorithm":"aes-256-gcm","keyID":"events","crypted":"uMJTjdRs9LkfgTXTRgKYhJHLueqmcWXF9ruYVYKZl1B3rYvJ0rr0bTskJEqbS6Y1ix0v5TTkuZ5VVn3GBr-I9rjM37mTKo5WsNv-lj-NrrVcTfwZN-ABwQ"}}','SYSTEM','100000000007000001','2026-11-28T08:45:24.227Z','seed');
INSERT INTO events VALUES(10,'100000000007000000','user','100000000007000006',1,'user.human.added','{"username":"bob","firstName":"Bob","lastName":"Brown","email":"bob@svc-emulator.localhost","emailVerified":false,"passwordHash":{"algorithm":"aes-256-gcm","keyID":"events","crypted":"2mbSiYc49cQ9SzqqG01VFcKFKYZ6LgqIcB-MtaznoQ72ZkpEhLCWb3Lc4D89mOBUFtLmENIqh5_Woq_c2oWXBci8NCVfemUFysP2etjFv3pD93VLtg7YHA"}}','SYSTEM','100000000007000001','2026-11-28T08:45:24.228Z','seed');
INSERT INTO events VALUES(11,'100000000007000000','user','100000000007000007',1,'user.machine.added','{"username":"demo-worker","name":"Demo worker","description":"Gets tokens with client_credentials (secret demo-worker-secret).","accessTokenType":"opaque","secretHash":{"algorithm":"aes-256-gcm","keyID":"events","crypted":"hEA7UPQ7LqggBaolmMyRbqWGYn_2ol1lu35faDOxtnJXHc6FkbjU13zfwNyKX_vV6Gk3OPAr9oXbsai-GFSN6wb3KZlhF1U"}}','SYSTEM','100000000007000001','2026-11-28T08:45:24.228Z','seed');
INSERT INTO events VALUES(12,'100000000007000000','project','100000000007000008',1,'project.added','{"name":"Demo","roleAssertion":true,"roleCheck":false,"hasProjectCheck":false}','SYSTEM','100000000007000001','2026-11-28T08:45:24.229Z','seed');
INSERT INTO events VALUES(13,'100000000007000000','project','100000000007000008',2,'project.role.added','{"key":"admin","displayName":"Administrator","group":""}','SYSTEM','100000000007000001','2026-11-28T08:45:24.229Z','seed');
INSERT INTO events VALUES(14,'100000000007000000','project','100000000007000008',3,'project.role.added','{"key":"editor","displayName":"Editor","group":""}','SYSTEM','100000000007000001','2026-11-28T08:45:24.229Z','seed');
INSERT INTO events VALUES(15,'100000000007000000','project','100000000007000008',4,'project.role.added','{"key":"viewer","displayName":"Viewer","group":""}','SYSTEM','100000000007000001','2026-11-28T08:45:24.229Z','seed');
INSERT INTO events VALUES(16,'100000000007000000','app','100000000007000009',1,'app.added','{"projectId":"100000000007000008","name":"Demo browser app","kind":"oidc","clientId":"demo-browser","config":{"redirectUris":["http://localhost:3000/callback","{issuer}/ui/demo/callback"],"postLogoutRedirectUris":["http://localhost:3000/","{issuer}/ui/demo/"],"responseTypes":["code","id_token","id_token token"],"grantTypes":["authorization_code","implicit","refresh_token","urn:ietf:params:oauth:grant-type:device_code"],"appType":"user_agent","authMethod":"none","accessTokenType":"opaque","idTokenRoleAssertion":false,"idTokenUserinfoAssertion":false,"accessTokenRoleAssertion":false,"clockSkewMs":0,"devMode":true}}','SYSTEM','100000000007000001','2026-11-28T08:45:24.230Z','seed');
INSERT INTO events VALUES(17,'100000000007000000','app','100000000007000010',1,'app.added','{"projectId":"100000000007000008","name":"Demo server app","kind":"oidc","clientId":"demo-server","secretHash":{"algorithm":"aes-256-gcm","keyID":"events","crypted":"cQENfj6CCpkoNo8HJZNW_5mXRKPVDbgWpVMCQuYkYPKvNWwUOQr7oO6nlYqFPJ97uFyFI0xFMRH5RZhaUUvvqsxaYabPPoc"},"config":{"redirectUris":["http://localhost:3000/api/auth/callback"],"postLogoutRedirectUris":["http://localhost:3000/"],"responseTypes":["code"],"grantTypes":["authorization_code","refresh_token"],"appType":"web","authMethod":"client_secret_basic","accessTokenType":"opaque","idTokenRoleAssertion":false,"idTokenUserinfoAssertion":false,"accessTokenRoleAssertion":false,"clockSkewMs":0,"devMode":false}}','SYSTEM','100000000007000001','2026-11-28T08:45:24.230Z','seed');
INSERT INTO events VALUES(18,'100000000007000000','app','100000000007000011',1,'app.added','{"projectId":"100000000007000008","name":"Demo API","kind":"api","clientId":"demo-api","secretHash":{"algorithm":"aes-256-gcm","keyID":"events","crypted":"tNfnDB1X3uK2fPAjv95AHg-IpiM4JMX5JhFrrVuEMfKH0NNt6SeJbSO9ygq8pKkvjyW1S9qtGtzdJqHSxYKfNel-tuMq3_w"},"config":{"authMethod":"client_secret_basic"}}','SYSTEM','100000000007000001','2026-11-28T08:45:24.230Z','seed');
INSERT INTO events VALUES(19,'100000000007000000','usergrant','100000000007000012',1,'user.grant.added','{"userId":"100000000007000005","projectId":"100000000007000008","roles":["admin","editor"]}','SYSTEM','100000000007000001','2026-11-28T08:45:24.231Z','seed');
INSERT INTO events VALUES(20,'100000000007000000','usergrant','100000000007000013',1,'user.grant.added','{"userId":"100000000007000006","projectId":"100000000007000008","roles":["viewer"]}','SYSTEM','100000000007000001','2026-11-28T08:45:24.231Z','seed');
INSERT INTO events VALUES(21,'100000000007000000','org','100000000007000001',4,'org.member.added','{"contextType":"org","contextId":"100000000007000001","userId":"100000000007000002","roles":["ORG_OWNER"]}','SYSTEM','100000000007000001','2026-11-28T08:45:24.231Z','seed');
INSERT INTO events VALUES(22,'100000000007000000','instance','100000000007000000',3,'instance.member.added','{"contextType":"instance","contextId":"100000000007000000","userId":"100000000007000002","roles":["IAM_OWNER"]}','SYSTEM','100000000007000000','2026-11-28T08:45:24.232Z','seed');
INSERT INTO events VALUES(23,'100000000007000000','instance','100000000007000000',4,'instance.member.added','{"contextType":"instance","contextId":"100000000007000000","userId":"100000000007000003","roles":["IAM_OWNER","SYSTEM_OWNER"]}','SYSTEM','100000000007000000','2026-11-28T08:45:24.232Z','seed');
INSERT INTO events VALUES(24,'100000000007000000','oidc_token','100000000007000014',1,'oidc.token.added','{"clientId":"demo-worker","userId":"100000000007000007","scope":[],"audience":["demo-worker"],"kind":"access","format":"opaque","expiresAt":"2026-11-28T20:45:24.506Z","token":{"algorithm":"hmac-sha256","keyID":"tokens","id":"100000000007000014","nonce":"pku_0jRDjQE"}}','100000000007000007','100000000007000000','2026-11-28T08:45:24.507Z','oidc');
CREATE TABLE emulator_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
INSERT INTO emulator_meta VALUES('admin_pat','5JetI5sz40tReHhRlUO69g5hu68n6QV0SYvxeXiY-oQDsaQnDm3aGdceJMoE7cie');
CREATE TABLE instances (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0,
    features TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  , default_org_id TEXT, blocked INTEGER NOT NULL DEFAULT 0, audit_log_retention_ms INTEGER);
INSERT INTO instances VALUES('100000000007000000','Svc Emulator',1,'{"multitenancy_resources_api":true,"multitenancy_settings":true,"oidc_token_exchange":false,"impersonation":false}','2026-11-28T08:45:24.221Z','2026-11-28T08:45:24.221Z',2,'100000000007000001',0,NULL);
CREATE TABLE instance_domains (
    domain TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL REFERENCES instances (id) ON DELETE CASCADE,
    is_primary INTEGER NOT NULL DEFAULT 0
  );
INSERT INTO instance_domains VALUES('localhost','100000000007000000',1);
CREATE TABLE orgs (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL REFERENCES instances (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  , active INTEGER NOT NULL DEFAULT 1);
INSERT INTO orgs VALUES('100000000007000001','100000000007000000','Emulator Org','2026-11-28T08:45:24.223Z','2026-11-28T08:45:24.223Z',1,1);
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    type TEXT NOT NULL CHECK (type IN ('human', 'machine')),
    username TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    password_hash TEXT,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    UNIQUE (instance_id, username)
  );
INSERT INTO users VALUES('100000000007000002','100000000007000000','100000000007000001','human','admin','{"firstName":"Ada","lastName":"Admin","email":"admin@svc-emulator.localhost","emailVerified":true}','$2b$10$Hf8mDcvzlgUg53I3d2sNN.kb5hNbSdza8MltIMYjXZNYI1w6fQn/O','2026-11-28T08:45:24.224Z','2026-11-28T08:45:24.224Z',1);
INSERT INTO users VALUES('100000000007000003','100000000007000000','100000000007000001','machine','admin-sa','{"name":"Emulator admin service account","description":"Calls the resource API in tests; its token is the adminPat.","accessTokenType":"opaque"}',NULL,'2026-11-28T08:45:24.226Z','2026-11-28T08:45:24.226Z',1);
INSERT INTO users VALUES('100000000007000005','100000000007000000','100000000007000001','human','alice','{"firstName":"Alice","lastName":"Allen","email":"alice@svc-emulator.localhost","emailVerified":true}','$2b$10$Hf8mDcvzlgUg53I3d2sNN.kb5hNbSdza8MltIMYjXZNYI1w6fQn/O','2026-11-28T08:45:24.227Z','2026-11-28T08:45:24.227Z',1);
INSERT INTO users VALUES('100000000007000006','100000000007000000','100000000007000001','human','bob','{"firstName":"Bob","lastName":"Brown","email":"bob@svc-emulator.localhost","emailVerified":false}','$2b$10$Hf8mDcvzlgUg53I3d2sNN.kb5hNbSdza8MltIMYjXZNYI1w6fQn/O','2026-11-28T08:45:24.228Z','2026-11-28T08:45:24.228Z',1);
INSERT INTO users VALUES('100000000007000007','100000000007000000','100000000007000001','machine','demo-worker','{"name":"Demo worker","description":"Gets tokens with client_credentials (secret demo-worker-secret).","accessTokenType":"opaque","secretHash":"kfFoLkWzrCDopC1QIf1tItNowXxw9pkbtdIBw2ft0Hw"}',NULL,'2026-11-28T08:45:24.228Z','2026-11-28T08:45:24.228Z',1);
CREATE TABLE personal_access_tokens (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    expires_at TEXT,
    created_at TEXT NOT NULL
  );
INSERT INTO personal_access_tokens VALUES('100000000007000004','100000000007000000','100000000007000003','5JetI5sz40tReHhRlUO69g5hu68n6QV0SYvxeXiY-oQDsaQnDm3aGdceJMoE7cie',NULL,'2026-11-28T08:45:24.227Z');
CREATE TABLE targets (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    name TEXT NOT NULL,
    target_type TEXT NOT NULL,
    url TEXT NOT NULL,
    timeout_ms INTEGER NOT NULL,
    is_async INTEGER NOT NULL,
    interrupt_on_error INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL, signing_key TEXT NOT NULL DEFAULT '',
    UNIQUE (instance_id, name)
  );
CREATE TABLE executions (
    instance_id TEXT NOT NULL,
    id TEXT NOT NULL,
    execution_type INTEGER NOT NULL,
    condition TEXT NOT NULL,
    targets TEXT NOT NULL,
    includes TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, id)
  );
CREATE TABLE machine_keys (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    public_jwk TEXT NOT NULL,
    expires_at TEXT
  );
CREATE TABLE projects (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    role_assertion INTEGER NOT NULL DEFAULT 0,
    role_check INTEGER NOT NULL DEFAULT 0,
    has_project_check INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  );
INSERT INTO projects VALUES('100000000007000008','100000000007000000','100000000007000001','Demo',1,0,0,'2026-11-28T08:45:24.229Z','2026-11-28T08:45:24.229Z',4);
CREATE TABLE project_roles (
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    display_name TEXT NOT NULL,
    role_group TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (project_id, key)
  );
INSERT INTO project_roles VALUES('100000000007000008','admin','Administrator','');
INSERT INTO project_roles VALUES('100000000007000008','editor','Editor','');
INSERT INTO project_roles VALUES('100000000007000008','viewer','Viewer','');
CREATE TABLE apps (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('oidc', 'api')),
    client_id TEXT NOT NULL,
    client_secret_hash TEXT,
    config TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    UNIQUE (instance_id, client_id)
  );
INSERT INTO apps VALUES('100000000007000009','100000000007000000','100000000007000008','Demo browser app','oidc','demo-browser',NULL,'{"redirectUris":["http://localhost:3000/callback","{issuer}/ui/demo/callback"],"postLogoutRedirectUris":["http://localhost:3000/","{issuer}/ui/demo/"],"responseTypes":["code","id_token","id_token token"],"grantTypes":["authorization_code","implicit","refresh_token","urn:ietf:params:oauth:grant-type:device_code"],"appType":"user_agent","authMethod":"none","accessTokenType":"opaque","idTokenRoleAssertion":false,"idTokenUserinfoAssertion":false,"accessTokenRoleAssertion":false,"clockSkewMs":0,"devMode":true}','2026-11-28T08:45:24.230Z','2026-11-28T08:45:24.230Z',1);
INSERT INTO apps VALUES('100000000007000010','100000000007000000','100000000007000008','Demo server app','oidc','demo-server','MSXVD6zXHVytXmGlAJctk372-_7rFe2KFbTj_1IOu3M','{"redirectUris":["http://localhost:3000/api/auth/callback"],"postLogoutRedirectUris":["http://localhost:3000/"],"responseTypes":["code"],"grantTypes":["authorization_code","refresh_token"],"appType":"web","authMethod":"client_secret_basic","accessTokenType":"opaque","idTokenRoleAssertion":false,"idTokenUserinfoAssertion":false,"accessTokenRoleAssertion":false,"clockSkewMs":0,"devMode":false}','2026-11-28T08:45:24.230Z','2026-11-28T08:45:24.230Z',1);
INSERT INTO apps VALUES('100000000007000011','100000000007000000','100000000007000008','Demo API','api','demo-api','AAeye3Tcu2S26eziBuh9Ebp3r6Hw9UkcMqkwtVL_ygQ','{"authMethod":"client_secret_basic"}','2026-11-28T08:45:24.230Z','2026-11-28T08:45:24.230Z',1);
CREATE TABLE app_keys (
    id TEXT PRIMARY KEY,
    app_id TEXT NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
    public_jwk TEXT NOT NULL,
    expires_at TEXT
  );
CREATE TABLE user_grants (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    org_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    UNIQUE (user_id, project_id)
  );
INSERT INTO user_grants VALUES('100000000007000012','100000000007000000','100000000007000001','100000000007000005','100000000007000008','["admin","editor"]','2026-11-28T08:45:24.231Z','2026-11-28T08:45:24.231Z',1);
INSERT INTO user_grants VALUES('100000000007000013','100000000007000000','100000000007000001','100000000007000006','100000000007000008','["viewer"]','2026-11-28T08:45:24.231Z','2026-11-28T08:45:24.231Z',1);
CREATE TABLE signing_keys (
    kid TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    private_jwk TEXT NOT NULL,
    public_jwk TEXT NOT NULL,
    created_at TEXT NOT NULL,
    sign_until TEXT NOT NULL,
    publish_until TEXT NOT NULL
  );
CREATE TABLE auth_requests (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    client_id TEXT NOT NULL,
    request TEXT NOT NULL,
    session_id TEXT,
    code TEXT UNIQUE,
    code_expires_at TEXT,
    code_used INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
CREATE TABLE login_sessions (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    user_agent_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    auth_time TEXT NOT NULL,
    amr TEXT NOT NULL,
    terminated_at TEXT,
    created_at TEXT NOT NULL
  );
CREATE TABLE tokens (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
    client_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    session_id TEXT,
    auth_request_id TEXT,
    refresh_token_id TEXT,
    scope TEXT NOT NULL,
    audience TEXT NOT NULL,
    format TEXT NOT NULL,
    auth_time TEXT,
    amr TEXT,
    expires_at TEXT NOT NULL,
    revoked_at TEXT,
    created_at TEXT NOT NULL
  , token_id TEXT);
INSERT INTO tokens VALUES('AQFjRXhd9M_Opku_0jRDjQFBI095K-8qofSCQKzO5P0e','100000000007000000','access','demo-worker','100000000007000007',NULL,NULL,NULL,'','["demo-worker"]','opaque',NULL,NULL,'2026-11-28T20:45:24.506Z',NULL,'2026-11-28T08:45:24.507Z','100000000007000014');
CREATE TABLE settings (
    context_type TEXT NOT NULL CHECK (context_type IN ('system', 'instance', 'org')),
    context_id TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    PRIMARY KEY (context_type, context_id, name)
  );
CREATE TABLE idps (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    owner_type TEXT NOT NULL CHECK (owner_type IN ('system', 'instance', 'org')),
    owner_id TEXT NOT NULL,
    name TEXT NOT NULL,
    provider_type TEXT NOT NULL,
    config TEXT NOT NULL,
    options TEXT NOT NULL,
    own_state TEXT NOT NULL CHECK (own_state IN ('active', 'inactive')),
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  );
CREATE TABLE idp_state_policies (
    idp_id TEXT NOT NULL REFERENCES idps (id) ON DELETE CASCADE,
    context_type TEXT NOT NULL,
    context_id TEXT NOT NULL,
    policy TEXT NOT NULL CHECK (policy IN ('activate', 'deactivate')),
    PRIMARY KEY (idp_id, context_type, context_id)
  );
CREATE TABLE org_domains (
    instance_id TEXT NOT NULL,
    domain TEXT NOT NULL,
    org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    is_verified INTEGER NOT NULL DEFAULT 0,
    is_primary INTEGER NOT NULL DEFAULT 0,
    validation_type INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, domain)
  );
INSERT INTO org_domains VALUES('100000000007000000','emulator-org.localhost','100000000007000001',1,1,0,'2026-11-28T08:45:24.223Z','2026-11-28T08:45:24.223Z',3);
CREATE TABLE message_providers (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    channel TEXT NOT NULL CHECK (channel IN ('smtp', 'sms')),
    config TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  );
CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    provider_id TEXT,
    status TEXT NOT NULL CHECK (status IN ('outboxed', 'sending', 'sent', 'failed')),
    error TEXT,
    created_at TEXT NOT NULL
  );
CREATE TABLE project_grants (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    granted_org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    UNIQUE (project_id, granted_org_id)
  );
CREATE TABLE user_schemas (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    type TEXT NOT NULL,
    schema TEXT NOT NULL,
    authenticators TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('active', 'inactive')),
    revision INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    UNIQUE (instance_id, type)
  );
CREATE TABLE target_calls (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    execution_id TEXT NOT NULL,
    target_id TEXT NOT NULL,
    url TEXT NOT NULL,
    payload TEXT NOT NULL,
    headers TEXT NOT NULL,
    status INTEGER,
    response TEXT,
    duration_ms INTEGER NOT NULL,
    error TEXT,
    created_at TEXT NOT NULL
  );
CREATE TABLE sinks (
    name TEXT PRIMARY KEY,
    status INTEGER NOT NULL,
    body TEXT NOT NULL
  );
CREATE TABLE sink_calls (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    headers TEXT NOT NULL,
    body TEXT NOT NULL,
    signature_valid INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
CREATE TABLE device_authorizations (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    client_id TEXT NOT NULL,
    device_code TEXT NOT NULL UNIQUE,
    user_code TEXT NOT NULL,
    scope TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    interval_s INTEGER NOT NULL,
    last_polled_at TEXT,
    state TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'denied', 'done')),
    user_id TEXT,
    session_id TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (instance_id, user_code)
  );
CREATE TABLE encryption_keys (
    id TEXT PRIMARY KEY,
    key BLOB NOT NULL
  );
INSERT INTO encryption_keys VALUES('events',X'1cda40f42e304ebd96ab51761984da92533b16a5ca4b363888414a66221240f9');
INSERT INTO encryption_keys VALUES('tokens',X'51374c7422060d147826fa4eddc4194a730c3f8cf1eaf67d8791af3a30b3cc00');
CREATE TABLE IF NOT EXISTS "memberships" (
    instance_id TEXT NOT NULL,
    context_type TEXT NOT NULL CHECK (context_type IN ('system', 'instance', 'org', 'project', 'project_grant')),
    context_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (context_type, context_id, user_id)
  );
INSERT INTO memberships VALUES('100000000007000000','org','100000000007000001','100000000007000002','["ORG_OWNER"]','2026-11-28T08:45:24.231Z','2026-11-28T08:45:24.231Z',4);
INSERT INTO memberships VALUES('100000000007000000','instance','100000000007000000','100000000007000002','["IAM_OWNER"]','2026-11-28T08:45:24.232Z','2026-11-28T08:45:24.232Z',3);
INSERT INTO memberships VALUES('100000000007000000','instance','100000000007000000','100000000007000003','["IAM_OWNER","SYSTEM_OWNER"]','2026-11-28T08:45:24.232Z','2026-11-28T08:45:24.232Z',4);
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('events',24);
CREATE INDEX events_by_instance ON events (instance_id, position);
CREATE INDEX events_by_type ON events (type, position);
CREATE INDEX targets_by_instance ON targets (instance_id, created_at);
CREATE INDEX login_sessions_by_agent ON login_sessions (user_agent_id);
CREATE INDEX idps_by_instance_created ON idps (instance_id, created_at, id);
CREATE INDEX idps_by_instance_name ON idps (instance_id, name, id);
CREATE INDEX org_domains_by_org ON org_domains (org_id);
CREATE INDEX outbox_by_instance ON outbox (instance_id, created_at);
CREATE INDEX target_calls_by_instance ON target_calls (instance_id, created_at);
CREATE INDEX tokens_by_token_id ON tokens (token_id);
CREATE INDEX tokens_by_refresh ON tokens (refresh_token_id) WHERE refresh_token_id IS NOT NULL;
CREATE INDEX tokens_by_session ON tokens (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX tokens_by_auth_request ON tokens (auth_request_id) WHERE auth_request_id IS NOT NULL;
COMMIT;
