/**
 * Cookie and storage consent (CNIL rules): nothing non-essential is stored or sent before the
 * visitor chooses. The choice itself is essential and kept in localStorage for 6 months,
 * after which the banner asks again.
 */
export const CONSENT_KEY = "cookie-consent";
export const CONSENT_VERSION = 1;
export const CONSENT_MAX_AGE_MS = 182 * 24 * 60 * 60 * 1000;
export const OPEN_CONSENT_EVENT = "consent:open";

export interface ConsentChoice {
  version: number;
  date: string;
  /** First-party audience measurement: anonymous page-view counts, no cookie, no identifier. */
  audience: boolean;
}

export function readConsent(storage: Storage = window.localStorage, now = Date.now()): ConsentChoice | null {
  try {
    const raw = storage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const choice = JSON.parse(raw) as ConsentChoice;
    if (choice.version !== CONSENT_VERSION || typeof choice.audience !== "boolean") return null;
    if (now - Date.parse(choice.date) > CONSENT_MAX_AGE_MS) return null;
    return choice;
  } catch {
    return null;
  }
}

export function saveConsent(audience: boolean, storage: Storage = window.localStorage): ConsentChoice {
  const choice: ConsentChoice = { version: CONSENT_VERSION, date: new Date().toISOString(), audience };
  try {
    storage.setItem(CONSENT_KEY, JSON.stringify(choice));
  } catch {
    /* storage unavailable: the choice holds for this page only */
  }
  window.dispatchEvent(new CustomEvent("consent:change", { detail: choice }));
  return choice;
}

export function openConsentPreferences(): void {
  window.dispatchEvent(new Event(OPEN_CONSENT_EVENT));
}
