-- The schema migrations exactly as store/migrations.ts held them before they were split by aggregate
-- (schema version 16), one section per version. Frozen so a test can build the data dir an older
-- emulator left behind and check that the split steps take it to the same schema. Never edit.

-- version 1
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
    created_at TEXT NOT NULL,
    UNIQUE (instance_id, aggregate_type, aggregate_id, aggregate_sequence)
  );
  CREATE INDEX events_by_instance ON events (instance_id, position);
  CREATE INDEX events_by_type ON events (type, position);

  CREATE TABLE instances (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0,
    features TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  );
  CREATE TABLE instance_domains (
    domain TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL REFERENCES instances (id) ON DELETE CASCADE,
    is_primary INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE orgs (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL REFERENCES instances (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  );
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
  CREATE TABLE personal_access_tokens (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    expires_at TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE memberships (
    instance_id TEXT NOT NULL,
    context_type TEXT NOT NULL CHECK (context_type IN ('system', 'instance', 'org')),
    context_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (context_type, context_id, user_id)
  );
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
    sequence INTEGER NOT NULL,
    UNIQUE (instance_id, name)
  );
  CREATE INDEX targets_by_instance ON targets (instance_id, created_at);
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
  CREATE TABLE emulator_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  
-- version 2
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
  CREATE TABLE project_roles (
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    display_name TEXT NOT NULL,
    role_group TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (project_id, key)
  );
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
  CREATE TABLE app_keys (
    id TEXT PRIMARY KEY,
    app_id TEXT NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
    public_jwk TEXT NOT NULL,
    expires_at TEXT
  );
  CREATE TABLE machine_keys (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
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
  CREATE INDEX login_sessions_by_agent ON login_sessions (user_agent_id);
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
  );
  CREATE INDEX tokens_by_refresh ON tokens (refresh_token_id);
  CREATE INDEX tokens_by_session ON tokens (session_id);
  CREATE INDEX tokens_by_auth_request ON tokens (auth_request_id);
  
-- version 3
  ALTER TABLE instances ADD COLUMN default_org_id TEXT;
  
-- version 4
  CREATE TABLE settings (
    context_type TEXT NOT NULL CHECK (context_type IN ('system', 'instance', 'org')),
    context_id TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    PRIMARY KEY (context_type, context_id, name)
  );
  
-- version 5
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
  
-- version 6
  CREATE INDEX idps_by_instance_created ON idps (instance_id, created_at, id);
  CREATE INDEX idps_by_instance_name ON idps (instance_id, name, id);
  
-- version 7
  ALTER TABLE instances ADD COLUMN blocked INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE instances ADD COLUMN audit_log_retention_ms INTEGER;
  
-- version 8
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
  CREATE INDEX org_domains_by_org ON org_domains (org_id);
  
-- version 9
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
  CREATE INDEX outbox_by_instance ON outbox (instance_id, created_at);
  
-- version 10
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
  
-- version 11
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
  
-- version 12
  ALTER TABLE targets ADD COLUMN signing_key TEXT NOT NULL DEFAULT '';
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
  CREATE INDEX target_calls_by_instance ON target_calls (instance_id, created_at);
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
  
-- version 13
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
  
-- version 14
  CREATE TABLE encryption_keys (
    id TEXT PRIMARY KEY,
    key BLOB NOT NULL
  );
  ALTER TABLE tokens ADD COLUMN token_id TEXT;
  CREATE INDEX tokens_by_token_id ON tokens (token_id);
  
-- version 15
  CREATE TABLE memberships_next (
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
  INSERT INTO memberships_next SELECT instance_id, context_type, context_id, user_id, roles, created_at, changed_at, sequence FROM memberships;
  DROP TABLE memberships;
  ALTER TABLE memberships_next RENAME TO memberships;
  
-- version 16
  ALTER TABLE events ADD COLUMN origin TEXT NOT NULL DEFAULT 'api';
