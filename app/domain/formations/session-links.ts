/**
 * The seats and registration link of a session, as lists of sessions show them: its own small
 * module (no OPCO list, no form choices), since public pages load it in the browser.
 */

/** What the public sees of a session's seats, from the one counter (`seats_left`): « Complet », « Plus que 2 places »… */
export function seatsLabel(seatsLeft: number): string {
  if (seatsLeft <= 0) return "Complet";
  if (seatsLeft <= 3) return seatsLeft === 1 ? "Plus qu'une place" : `Plus que ${seatsLeft} places`;
  return `${seatsLeft} places restantes`;
}

/** The link of a session open to registration: a seat, or the waiting list when it is full. */
export function registrationLinkLabel(seatsLeft: number): string {
  return seatsLeft > 0 ? "S'inscrire" : "Liste d'attente";
}

/** The path of a session's registration form. */
export function registrationPath(formationSlug: string, sessionId: string): string {
  return `/formations/${formationSlug}/inscription/${encodeURIComponent(sessionId)}`;
}
