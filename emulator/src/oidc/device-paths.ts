// The device authorization grant (RFC 8628) as the OIDC surface names it: the grant type, the short
// address the device shows (the product's, RFC 8628 3.2: short), and the pages behind it.

export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
export const VERIFICATION_PATH = "/device";
export const DEVICE_PAGE_PATH = "/ui/login/device";
export const DEVICE_CONSENT_PATH = "/ui/login/device/consent";
