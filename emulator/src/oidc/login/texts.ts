// Texts of the login pages; the language follows ui_locales, then Accept-Language, then English.

export interface Texts {
  title: string;
  loginName: string;
  password: string;
  next: string;
  wrong: string;
  chooseAccount: string;
  otherAccount: string;
  register: string;
  firstName: string;
  lastName: string;
  email: string;
  create: string;
  shortcut: string;
  shortcutNote: string;
  error: string;
  signedOut: string;
  otherOrg: string;
  /** The user is locked or deactivated (the console's user state). */
  notActive: string;
  deviceTitle: string;
  deviceIntro: string;
  userCode: string;
  deviceContinue: string;
  deviceCodeUnknown: string;
  deviceCodeExpired: string;
  deviceCodeUsed: string;
  deviceConsentTitle: string;
  deviceApp: string;
  deviceUser: string;
  deviceScopes: string;
  allow: string;
  deny: string;
  deviceAllowed: string;
  deviceDenied: string;
}

const TEXTS: Record<"en" | "de", Texts> = {
  en: {
    title: "Sign in",
    loginName: "Login name",
    password: "Password",
    next: "Sign in",
    wrong: "Login name or password is wrong.",
    chooseAccount: "Choose an account",
    otherAccount: "Use another account",
    register: "Create an account",
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    create: "Create account",
    shortcut: "Emulator shortcut: sign in as",
    shortcutNote: "Only the emulator offers this: one click, no password.",
    error: "The request cannot be completed",
    signedOut: "You are signed out.",
    otherOrg: "This user does not belong to the organization the application asks for.",
    notActive: "This user is locked or deactivated.",
    deviceTitle: "Connect a device",
    deviceIntro: "Enter the code your device shows.",
    userCode: "Code",
    deviceContinue: "Continue",
    deviceCodeUnknown: "This code is unknown.",
    deviceCodeExpired: "This code has expired. Start again on your device.",
    deviceCodeUsed: "This code was already used.",
    deviceConsentTitle: "Allow the device?",
    deviceApp: "Application",
    deviceUser: "Signed in as",
    deviceScopes: "Access",
    allow: "Allow",
    deny: "Deny",
    deviceAllowed: "The device is connected. You can return to it.",
    deviceDenied: "The device was denied. You can close this window.",
  },
  de: {
    title: "Anmelden",
    loginName: "Loginname",
    password: "Passwort",
    next: "Anmelden",
    wrong: "Loginname oder Passwort ist falsch.",
    chooseAccount: "Konto auswählen",
    otherAccount: "Anderes Konto verwenden",
    register: "Konto erstellen",
    firstName: "Vorname",
    lastName: "Nachname",
    email: "E-Mail",
    create: "Konto erstellen",
    shortcut: "Emulator-Abkürzung: anmelden als",
    shortcutNote: "Nur der Emulator bietet das: ein Klick, kein Passwort.",
    error: "Die Anfrage kann nicht abgeschlossen werden",
    signedOut: "Sie sind abgemeldet.",
    otherOrg: "Dieser Benutzer gehört nicht zur Organisation, die die Anwendung verlangt.",
    notActive: "Dieser Benutzer ist gesperrt oder deaktiviert.",
    deviceTitle: "Gerät verbinden",
    deviceIntro: "Geben Sie den Code ein, den Ihr Gerät anzeigt.",
    userCode: "Code",
    deviceContinue: "Weiter",
    deviceCodeUnknown: "Dieser Code ist unbekannt.",
    deviceCodeExpired: "Dieser Code ist abgelaufen. Beginnen Sie auf Ihrem Gerät neu.",
    deviceCodeUsed: "Dieser Code wurde bereits verwendet.",
    deviceConsentTitle: "Gerät zulassen?",
    deviceApp: "Anwendung",
    deviceUser: "Angemeldet als",
    deviceScopes: "Zugriff",
    allow: "Zulassen",
    deny: "Ablehnen",
    deviceAllowed: "Das Gerät ist verbunden. Sie können zu ihm zurückkehren.",
    deviceDenied: "Das Gerät wurde abgelehnt. Sie können dieses Fenster schließen.",
  },
};

export type Language = keyof typeof TEXTS;

/**
 * The page language: the first of ui_locales, then of Accept-Language, that the instance allows and
 * that has texts; else the instance's default language; else English.
 */
export function pickLanguage(uiLocales: string[], acceptLanguage: string | undefined, allowed?: { restricted: string[]; default: string }): Language {
  const fromHeader = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag, q] = part.trim().split(";q=");
      return { tag: (tag ?? "").toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .sort((a, b) => b.q - a.q)
    .map((x) => x.tag);
  const usable = (l: string): l is Language => l in TEXTS && (!allowed || allowed.restricted.includes(l));
  for (const tag of [...uiLocales.map((l) => l.toLowerCase()), ...fromHeader]) {
    const base = tag.split("-")[0]!;
    if (usable(base)) return base;
  }
  return allowed && usable(allowed.default) ? allowed.default : "en";
}

export const textsFor = (lang: Language): Texts => TEXTS[lang];
