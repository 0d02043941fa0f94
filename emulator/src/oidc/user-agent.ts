// The cookie that names a user agent (browser) to the OIDC provider; its value is the login
// sessions' user agent id (domain/login-session/).

export const USER_AGENT_COOKIE = "svc_emulator_user_agent";
